// What the playlists feature offers the others: "Add to playlist" for a song card and a song page (its menu loads
// when first wanted), and "Add to playlist" for the catalogue's selected songs.
import { lazy } from 'react';
export { AddToPlaylist } from './add-to-playlist';

/** Loaded with the bulk bar's first use, as its menu and name field are not on the catalogue's first view. */
export const AddSelectedToPlaylist = lazy(() => import('./add-selected-to-playlist').then((m) => ({ default: m.AddSelectedToPlaylist })));
