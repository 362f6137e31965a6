// What the songs feature offers the others: a song's credited writers, an uploaded audio file taken by a song, and
// a song's versions (those a listener may play, and the file of one for its download).
export { readSongWriters, replaceSongWriters, writerLine, type SongWriter } from './song-writers';
export { takenUpload } from './songs.service';
export { playableVersions, versionFileOf, type ListedVersion, type SongWithAudio } from './song-versions.service';
