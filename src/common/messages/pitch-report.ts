export const pitchReport = {
  loadFailed: 'Could not load your pitch report',
  noPitchedSongs:
    'No pitched songs yet. Once you sign a pitch agreement and the song is in our catalogue, its listens, holds and passes show here.',
  noPlays: 'No plays yet',
  holdNotFound: 'Hold not found',
  onlyHoldsOnPitchedSongs: "A company can be shown to the writer only for a hold on a songwriter's pitched song.",
  companyShown: 'The writer now sees this hold’s company.',
  companyHidden: 'The company is hidden from the writer again.',
  companyToggleFailed: 'Could not change what the writer sees. Try again.',
};
