// What the songs feature offers the others: a song's credited writers, and an uploaded audio file taken by a song.
export { readSongWriters, replaceSongWriters, writerLine, type SongWriter } from './song-writers';
export { takenUpload } from './songs.service';
