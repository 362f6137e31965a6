// What the files feature offers the others: stored files put, recorded and removed, the signed links to them, and
// the download policy (who may take a song's files, and the record of a stream fetched).
export {
  catalogueDownloader,
  mayDownload,
  mayDownloadSql,
  pitchDownloader,
  pitchLinkAllowsDownload,
  pitchLinkSenderAllows,
  type Downloader,
} from './download-policy';
export {
  fileLink,
  insertFile,
  pitchFileSubject,
  putFile,
  removeObjects,
  thumbLink,
  type NewStoredFile,
  type StoredFile,
} from './files.service';
