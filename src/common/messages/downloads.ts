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
  latestDownloadsLabel: 'Latest downloads',
  userDownloadsHeading: (who: string) => `Downloads by ${who}`,
  userDownloadsLoading: 'Loading downloads',
  userDownloadsEmpty: 'This user has not downloaded any file yet.',
  userDownloadsLoadFailed: 'Failed to load downloads',
  downloaded: (kind: 'mp3' | 'lyric_sheet' | 'stems') =>
    kind === 'mp3' ? 'downloaded the MP3 of' : kind === 'stems' ? 'downloaded the stems of' : 'downloaded the lyric sheet of',
  kindLabel: { mp3: 'MP3', lyric_sheet: 'Lyric sheet', stems: 'Stems' },
} as const;
