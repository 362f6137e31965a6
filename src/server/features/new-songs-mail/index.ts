// What the new-songs e-mail feature offers the server: its weekly job, and its routes.
export { startNewSongsMails } from './new-songs-mail.service';
export { newSongsMailRoutes } from './new-songs-mail.routes';
