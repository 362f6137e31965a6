export const pitchReport = {
  loadFailed: 'Could not load your pitch report',
  noPitchedSongs:
    'No pitched songs yet. Once you sign a pitch agreement and the song is in our catalogue, its listens, holds and passes show here.',
  noPlays: 'No plays yet',
  holdNotFound: 'Hold not found',
  onlyHoldsOnPitchedSongs: "A company can be shown to the writer only for a hold on a songwriter's pitched song.",
};
