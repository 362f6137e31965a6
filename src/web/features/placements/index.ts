// What the placements feature offers the others: the placements panel of the admin's song page, and the
// songwriter's placements on their dashboard.
export { SongPlacementsPanel } from './song-placements-panel';
export { MyPlacements } from './my-placements';
