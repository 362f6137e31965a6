// What the downloads feature offers the others: a song's tagged MP3 and lyric sheet, each download recorded, and
// the answer that hands a file over; a pitch link's recipients download through these.
export { sendDownload } from './downloads.routes';
export { lyricSheet, pitchSongForDownload, recordDownload, taggedMp3, type DownloadContact } from './downloads.service';
