// What the playlists feature offers the others: "Add to playlist" for a song card and a song page (its menu loads
// when first wanted).
export { AddToPlaylist } from './add-to-playlist';
