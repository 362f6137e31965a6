// What the playlists feature offers the others: "Add to playlist" for a song card and a song page.
export { AddToPlaylistMenu } from './add-to-playlist-menu';
