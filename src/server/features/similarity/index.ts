// What the similarity feature offers the others: the catalogue songs nearest a sound profile ("more like this",
// a reference track), behind one query function, and the clearing of its in-memory catalogue after changes.
export { nearestSongs, songSoundQuery, type NearSong, type NearestOptions, type SimilarityFilters, type SoundQuery } from './nearest';
export { clearCatalogueProfiles } from './profiles-cache';
export { similarToSong, SIMILAR_SONGS_SHOWN } from './similarity.service';
export { similarityRoutes } from './similarity.routes';
export { adminSoundsLikeRoutes, playlistLikeThisRoutes, referenceRoutes, soundsLikeRoutes } from './reference.routes';
export { removeExpiredReferences, startReferenceSweep } from './reference.service';
