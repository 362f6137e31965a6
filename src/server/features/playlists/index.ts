// What the playlists feature offers the others: every listener's playlists, for Preview Activity, and adding songs
// at the end of a listener's own playlist ("add songs like this one").
export { addPlaylistSongs, listPlaylistsForActivity } from './playlists.service';
