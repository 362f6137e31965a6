/** The player bar of the catalogue and the pitch pages (its errors are the song player's, in `songs`). */
export const player = {
  barLabel: 'Player',
  nowPlaying: 'Now playing:',
  keyboardHint:
    'Space plays or pauses, the left and right arrow keys skip 5 seconds, N plays the next song and P the previous one, wherever you are on the page.',
  previous: 'Previous song',
  next: 'Next song',
  close: 'Close the player',
  playSong: (title: string) => `Play ${title}`,
  pauseSong: (title: string) => `Pause ${title}`,
} as const;
