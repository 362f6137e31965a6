// What the playlists feature offers the others: every listener's playlists, for Preview Activity.
export { listPlaylistsForActivity } from './playlists.service';
