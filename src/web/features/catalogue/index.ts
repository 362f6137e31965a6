// What the catalogue offers the others: the player and the song's cover and facts, which a pitch page shows as
// the catalogue does, and the shape of a play tracker the player reports through.
export { AudioPlayer } from './audio-player';
export { SongCover } from './song-cover';
export { SongFacts, SongTags } from './song-facts';
export type { PlayTracker } from './play-tracker';
