export const downloads = {
  streamOnly:
    'Downloads are not turned on for your access: you can stream these songs here. If you need the files, please ask the person who gave you access.',
  songNotFound: 'Song not found',
  noAudio: 'This song has no audio file to download yet.',
  downloadMp3: 'Download MP3',
  lyricSheet: 'Lyric sheet (PDF)',
  permissionLabel: 'Downloads',
  streamOnlyOption: 'Stream only',
  downloadAllowedOption: 'Download allowed',
  permissionHint: 'Download allowed lets them save tagged MP3s and lyric sheets; every download shows in the activity.',
  permissionSaved: (allowed: boolean) => (allowed ? 'Downloads allowed' : 'Set to stream only'),
  permissionFailed: 'Failed to change the download permission',
  downloadsHeading: 'Downloads',
  downloadsEmpty: 'No downloads yet.',
  userDownloadsEmpty: 'This user has not downloaded any file yet.',
  userDownloadsLoadFailed: 'Failed to load downloads',
  kindLabel: { mp3: 'MP3', lyric_sheet: 'Lyric sheet' },
} as const;
