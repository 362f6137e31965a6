/** Facts of the product shared by server and browser. One place for each. */

export const DEFAULT_SITE_NAME = 'Pitchroom';
/** Where the web build records the site name compiled into it, for the server to compare at start; never served. */
export const BUILT_SITE_NAME_FILE = '.vite/site-name.json';
export const TAGLINE = 'The pitch always comes before the hit.';

export const ROLES = ['admin', 'preview', 'songwriter'] as const;
export type Role = (typeof ROLES)[number];

export const PREVIEW_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PreviewRequestStatus = (typeof PREVIEW_REQUEST_STATUSES)[number];
/** What a preview request shows as, to its owner and to admins: approved access taken back is a state of its own. */
export const PREVIEW_ACCESS_STATES = [...PREVIEW_REQUEST_STATUSES, 'revoked'] as const;
export type PreviewAccessState = (typeof PREVIEW_ACCESS_STATES)[number];
export const previewAccessStateOf = (request: { status: PreviewRequestStatus; revokedAt: string | Date | null }): PreviewAccessState =>
  request.status === 'approved' && request.revokedAt ? 'revoked' : request.status;

/** pending -> paid (provider confirmed) -> completed (every song submitted). */
/**
 * An order's payment state. `cancelled`: a pending order given up for a newer checkout of the same songwriter,
 * which took over its account credit; it can no longer be paid.
 */
export const ORDER_PAYMENT_STATUSES = ['pending', 'paid', 'completed', 'cancelled'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export const PAID_ORDER_STATUSES = ['paid', 'completed'] as const satisfies readonly OrderPaymentStatus[];

/** The comment moderation list's filters, the queue an admin works through first. */
/**
 * How the catalogue may be sorted: the admin's order (the default), newest first, title, tempo and length
 * (slowest and shortest first), and most held by other listeners. Every sort ends in the song's id, so ties
 * keep one order from page to page.
 */
export const CATALOGUE_SORTS = ['catalogue', 'newest', 'title', 'tempo', 'length', 'held'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/**
 * The catalogue counts its matches up to this many and says "more than" beyond: counting every match of a large
 * catalogue on each page cost more than reading the page (decision 0090).
 */
export const CATALOGUE_COUNT_CAP = 1000;
/** The admin's long lists count their matches exactly up to this many (or to the page asked for), then say "more than". */
export const ADMIN_COUNT_CAP = 1000;
/** How /songs shows a page: as cards, or as a dense list of rows. */
export const CATALOGUE_VIEWS = ['cards', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];
/** A look at the catalogue this long after the last one starts a new visit (its "New" badges start there). */
export const CATALOGUE_VISIT_GAP_MS = 60 * 60_000;

export const COMMENT_STATUS_FILTERS = ['pending', 'approved', 'all'] as const;
export type CommentStatusFilter = (typeof COMMENT_STATUS_FILTERS)[number];

/** The admin's review list: the songs still to review, and the reviews sent. */
export const REVIEW_LIST_TABS = ['pending', 'completed'] as const;
export type ReviewListTab = (typeof REVIEW_LIST_TABS)[number];

export const REVIEW_STATUSES = ['pending', 'in_review', 'reviewed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The company's time zone: the day a song arrives, and the day a review is due, are days in Nashville. */
export const COMPANY_TIME_ZONE = 'America/Chicago';
/** A submission is due this many business days (weekdays that are not US federal holidays) after the day it arrives. */
export const REVIEW_DUE_BUSINESS_DAYS = 10;

/** The rubric of a review: each category is scored 1 to 5, each score with a short reason. */
export const RUBRIC_CATEGORIES = ['hook', 'melody', 'lyric', 'structure', 'commercial_fit', 'demo_quality'] as const;
export type RubricCategory = (typeof RUBRIC_CATEGORIES)[number];
export const RUBRIC_SCORES = [1, 2, 3, 4, 5] as const;
export type RubricScore = (typeof RUBRIC_SCORES)[number];
/** The reviewer's verdict on a song. Only a pitch-ready song is offered a pitch agreement (decision 0049). */
export const REVIEW_VERDICTS = ['pitch_ready', 'rewrite_suggested', 'not_yet'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
/** The songwriter's rating of a review: "How useful was this review?", 1 to 5. */
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
/**
 * One rewrite round (decision 0050): after a "Close: rewrite suggested" review, the songwriter may send one
 * rewrite of the song, free, within this many days of the review being sent; it is the song's second round.
 */
export const REWRITE = { windowDays: 90, noteMax: 1000, lyricsMax: 20_000, round: 2 } as const;
export const REVIEW_RUBRIC = {
  reasonMax: 500,
  ratingCommentMax: 1000,
  /** How many of the latest rating comments the admin dashboard shows. */
  latestRatingComments: 5,
} as const;

export const PRO_AFFILIATIONS = ['ASCAP', 'BMI', 'SESAC', 'GMR', 'SOCAN (Canada)', 'PRS (UK)', 'Other', 'Not Affiliated'] as const;
export type ProAffiliation = (typeof PRO_AFFILIATIONS)[number];
export const DEFAULT_PRO_AFFILIATION: ProAffiliation = 'Not Affiliated';

/**
 * The performing rights organisations a catalogue song's writer may belong to, for the song's splits. Wider
 * than PRO_AFFILIATIONS (a preview request's or a songwriter's answer): a song's co-writers may be anywhere.
 * `Other` is a society not listed here; `None` is a writer with no society.
 */
export const WRITER_PROS = [
  'ASCAP',
  'BMI',
  'SESAC',
  'GMR',
  'SOCAN',
  'PRS',
  'APRA AMCOS',
  'GEMA',
  'SACEM',
  'JASRAC',
  'Other',
  'None',
] as const;
export type WriterPro = (typeof WRITER_PROS)[number];
/** How the admin form's choice names each society. */
export const WRITER_PRO_LABELS: Record<WriterPro, string> = {
  ASCAP: 'ASCAP (US)',
  BMI: 'BMI (US)',
  SESAC: 'SESAC (US)',
  GMR: 'GMR, Global Music Rights (US)',
  SOCAN: 'SOCAN (Canada)',
  PRS: 'PRS for Music (UK)',
  'APRA AMCOS': 'APRA AMCOS (Australia and New Zealand)',
  GEMA: 'GEMA (Germany)',
  SACEM: 'SACEM (France)',
  JASRAC: 'JASRAC (Japan)',
  Other: 'Other society',
  None: 'None (not affiliated)',
};
/** A songwriter's own PRO answer (PRO_AFFILIATIONS) as a writer's society on a song: the song of a signed pitch agreement. */
export function writerProOf(affiliation: string | null | undefined): WriterPro {
  switch (affiliation) {
    case 'ASCAP':
    case 'BMI':
    case 'SESAC':
    case 'GMR':
      return affiliation;
    case 'SOCAN (Canada)':
      return 'SOCAN';
    case 'PRS (UK)':
      return 'PRS';
    case 'Other':
      return 'Other';
    default:
      return 'None';
  }
}

/** A song's writers and their shares of it (the splits). Shares are percentages with at most two decimals. */
export const SONG_WRITERS = {
  max: 20,
  nameMax: 100,
  publisherMax: 200,
  /** An IPI/CAE number, as the societies issue it: 9 to 11 digits. */
  ipiPattern: /^[0-9]{9,11}$/,
  /** The whole song, in hundredths of a percent: the shares add up to exactly this. */
  totalHundredths: 10_000,
} as const;

export const PRICE_PER_SONG_CENTS = 2500;
export const PACKAGE_SIZES = [1, 2, 3, 4] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];
export const packagePriceCents = (size: PackageSize): number => size * PRICE_PER_SONG_CENTS;
export const PACKAGE_FEATURES = ['Professional review', 'Detailed feedback', 'E-mail notification', '2-way messaging'] as const;
export const REVIEW_TURNAROUND = 'Typically 7–10 business days, first received, first served.';
export const PITCH_FEE_TEXT = 'Negotiable, usually 10% of income if a song is placed.';

/** A pitch agreement's terms as an admin offers them, with the usual ones as defaults. */
export const PITCH_AGREEMENT = {
  defaultCommissionPercent: 10,
  maxCommissionPercent: 50,
  defaultTermMonths: 12,
  maxTermMonths: 60,
  defaultExpiresInDays: 30,
  maxExpiresInDays: 90,
  noteMax: 2000,
  declineReasonMax: 2000,
  legalNameMax: 200,
  /**
   * The agreement's wording; a change of wording is a new version, and each acceptance keeps the one it read.
   * 2026-11-26.2 added clause 6, the review fee credited back.
   */
  textVersion: '2026-11-28.1',
} as const;
/**
 * An offer's state. An offer is stored `offered` until answered; past its expiry it reads as `expired`, and is
 * stored so when a new offer for the same song replaces it.
 */
export const PITCH_AGREEMENT_STATUSES = ['offered', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type PitchAgreementStatus = (typeof PITCH_AGREEMENT_STATUSES)[number];

/**
 * A placement of a pitched song: held by an artist, cut (recorded), then released. Money is integer cents;
 * the commission is the signed agreement's rate of the income received.
 */
export const PLACEMENT_STATUSES = ['on_hold', 'cut', 'released'] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];
export const PLACEMENT = {
  artistMax: 200,
  projectMax: 200,
  labelMax: 200,
  /** $10,000,000 in cents: far above any one placement, well inside an integer. */
  incomeMaxCents: 1_000_000_000,
} as const;

/**
 * Where a pitch agreement stands in the pipeline, read from the agreement, its catalogue song and its
 * placements: an open offer, signed (its song a draft, not yet published), in the catalogue (its song active),
 * its furthest placement (on hold, cut, released), or ended (declined, withdrawn, expired).
 */
export const PITCH_PIPELINE_STAGES = [
  'offered',
  'accepted',
  'in_catalogue',
  'on_hold',
  'cut',
  'released',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type PitchPipelineStage = (typeof PITCH_PIPELINE_STAGES)[number];

/**
 * `song-stems`: a catalogue song's stems, a zip the admin uploads, kept as it came and only ever downloaded.
 * `reference-tracks`: a buyer's reference MP3 for "sounds like", analysed, never streamed, removed after a day.
 */
export const STORAGE_BUCKETS = [
  'song-audio',
  'song-images',
  'song-submissions',
  'lyric-submissions',
  'song-stems',
  'reference-tracks',
] as const;

/** How long a buyer's uploaded reference track is kept (file and row), then removed by a sweep. */
export const REFERENCE_TRACK_HOURS = 24;
/** How many songs a "sounds like" search answers, closest first. */
export const REFERENCE_MATCHES_SHOWN = 20;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

/** Who made a pitch link: an admin's `pitch`, or a buyer's `share` of a playlist or a song (decision 0084). */
export const PITCH_LINK_KINDS = ['pitch', 'share'] as const;
export type PitchLinkKind = (typeof PITCH_LINK_KINDS)[number];

/** A listener's answer to a song, as in a Nashville pitch meeting. */
export const SONG_RESPONSES = ['hold', 'pass'] as const;
export type SongResponse = (typeof SONG_RESPONSES)[number];

/**
 * What a download-allowed listener can take away: the song's tagged MP3 (its full demo or another audio version),
 * its lyric sheet (PDF), or its stems (a zip).
 */
export const DOWNLOAD_KINDS = ['mp3', 'lyric_sheet', 'stems'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];
/**
 * How a song's file left: through a download route (tagged, permitted) or through a listener's stream link
 * fetched from its first byte (the untagged stored MP3, served inline). Only the first counts as a download.
 */
export const DOWNLOAD_PATHS = ['download', 'stream'] as const;
export type DownloadPath = (typeof DOWNLOAD_PATHS)[number];

/** The waveform stored with each catalogue song: at most this many peaks, each 0-255. */
export const WAVEFORM_MAX_PEAKS = 2000;
/** How many points of a song's energy curve are kept and sent: enough to draw over a phone-wide player. */
export const ENERGY_CURVE_MAX_POINTS = 64;
/** The most values a stored sound profile may hold: room for its features to grow without a migration. */
export const SOUND_PROFILE_MAX_LENGTH = 256;
/** A playing player reports its progress at least this often (and on pause, end, seek and leaving). */
export const PLAY_REPORT_INTERVAL_SECONDS = 15;

/** A reviewer's time-coded notes on a submission: text length, how many per review, and the latest moment (a day). */
export const REVIEW_NOTE_LIMITS = { textMax: 1000, perReview: 200, atSecondsMax: 24 * 3600 } as const;

/** `discarded`: mail a restored backup held, which an admin chose not to send (the old site may have sent it). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead', 'discarded'] as const;
/** What an admin does with the mail a restored backup held: send it now, or mark it discarded. */
export const OUTBOX_RELEASES = ['send', 'discard'] as const;
export type OutboxRelease = (typeof OUTBOX_RELEASES)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How much of a browser's error report the server keeps: enough to find the component, not a page of text. */
export const CLIENT_ERROR_LIMITS = { page: 200, message: 2000, componentStack: 8000 } as const;

export const LIMITS = {
  nameMax: 100,
  /** An account's picture link (better-auth's `image`; the product shows none). */
  imageUrlMax: 2048,
  emailMax: 255,
  commentMax: 1000,
  passwordMin: 6,
  songwriterPasswordMin: 8,
  passwordMax: 100,
  usernameMin: 3,
  usernameMax: 50,
  phoneMin: 10,
  phoneMax: 30,
  songTitleMax: 200,
  slugMax: 200,
  songDescriptionMax: 500,
  writerInfoMax: 200,
  genreMax: 100,
  bpmMin: 1,
  bpmMax: 300,
  companyMax: 150,
  projectDescriptionMax: 1000,
  contactSubjectMax: 200,
  contactMessageMax: 5000,
  lyricsMax: 20_000,
  tagMax: 40,
  tagsMax: 20,
  /** A song's place in the catalogue's order. */
  orderIndexMax: 1_000_000,
  /** Catalogue audio and images uploaded by admins. */
  songAudioMaxBytes: 50 * 1024 * 1024,
  songImageMaxBytes: 15 * 1024 * 1024,
  /** A song's stems, a zip of its parts: kept as uploaded, never unpacked. */
  songStemsMaxBytes: 1024 * 1024 * 1024,
  /** Songwriters' submissions. */
  submissionAudioMaxBytes: 100 * 1024 * 1024,
  lyricsFileMaxBytes: 10 * 1024 * 1024,
  /** A zipped document (DOCX, Pages) may unpack to at most this much, in at most this many parts. */
  archiveMaxUnpackedBytes: 50 * 1024 * 1024,
  archiveMaxEntries: 1000,
  /** A hold's note: the artist or project it is held for. */
  holdNoteMax: 200,
  pitchMessageMax: 2000,
  pitchSongsMax: 25,
  /** A pitch link lives at most this many days. */
  pitchLinkMaxDays: 365,
  /** A pitch link recipient's reply to its sender. */
  pitchReplyMax: 2000,
  /** A buyer's share: songs on one link (a whole playlist), and its optional password. */
  shareSongsMax: 500,
  sharePasswordMin: 6,
  sharePasswordMax: 100,
  /** A listener's own playlists: a name, a description, songs in one, and playlists per listener. */
  playlistNameMax: 100,
  playlistDescriptionMax: 500,
  playlistSongsMax: 500,
  playlistsPerUser: 200,
} as const;

/** Web size of catalogue images: the longest side, in pixels. */
export const SONG_IMAGE_WEB_SIZE = 800;

/**
 * A catalogue card's cover thumbnail: square WebP copies made at upload, for the card's CSS size
 * (SONG_THUMB_DISPLAY_SIZE) at 1x and at 2x (and 3x on the phone's smaller card), in pixels.
 */
export const SONG_THUMB_SIZES = { small: 160, large: 320 } as const;
/** The card's thumbnail box, in CSS pixels: narrow screens, then from the sm breakpoint. */
export const SONG_THUMB_DISPLAY_SIZE = { narrow: 96, wide: 112 } as const;

/** How long a cover thumbnail's link stays the same (links are then stable, so browsers keep the picture). */
export const THUMB_LINK_WINDOW_SECONDS = 24 * 3600;

export const SIGNED_URL_TTL_SECONDS = 3600;
export const DATE_FORMAT = 'MMM d, yyyy';

/** Where each role lands after signing in. */
export function homePathFor(flags: { isAdmin: boolean; isSongwriter: boolean; isPreview: boolean }): string {
  if (flags.isAdmin) return '/admin';
  if (flags.isSongwriter) return '/songwriter-dashboard';
  if (flags.isPreview) return '/songs';
  return '/preview-status';
}

/**
 * What the audit trail records: each admin action that changes someone else's data, and each admin read of a
 * person's private words (their data export, an e-mail in the Outbox), named `subject.verb`.
 * The admin's audit page filters by these.
 */
export const AUDIT_ACTIONS = [
  'preview_request.approve',
  'preview_request.reject',
  'preview_request.revoke',
  'preview_request.downloads',
  'preview_account.create',
  'songwriter.reset',
  'song.create',
  'song.update',
  'song.publish',
  'song.unpublish',
  'song.delete',
  'song_audio.upload',
  'song_version.upload',
  'song_version.remove',
  'comment.approve',
  'comment.delete',
  'review.send',
  'pitch_agreement.offer',
  'pitch_agreement.withdraw',
  'placement.create',
  'placement.update',
  'pitch_link.create',
  'pitch_link.revoke',
  'pitch_link.downloads',
  'song_response.update',
  'account.delete',
  'site_settings.update',
  'account.export',
  'outbox_message.read',
  'outbox.release',
  'analysis_job.retry',
  'brief.approve',
  'brief.close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an audit event is about: the kind of record its subject id names. */
export const AUDIT_SUBJECT_KINDS = [
  'preview_request',
  'user',
  'song',
  'song_audio',
  'comment',
  'review',
  'pitch_agreement',
  'placement',
  'pitch_link',
  'song_response',
  'site_settings',
  'outbox_message',
  'outbox',
  'analysis_job',
  'brief',
] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/** A visitor's chosen colour theme, kept in this cookie (no choice: the system's setting is followed). */
export const THEME_COOKIE = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/**
 * How an approved comment names its writer to the other listeners: the name they gave, the company of their
 * request for access, or neither. The writer sees "You" on their own; admins always see who wrote it.
 */
export const COMMENTER_DISPLAYS = ['name', 'company', 'anonymous'] as const;
export type CommenterDisplay = (typeof COMMENTER_DISPLAYS)[number];

/** The site settings' limits, and what holds before an admin saves any (the legal name and e-mail come from the configuration). */
export const SITE_SETTINGS = {
  legalNameMax: 150,
  addressMax: 500,
  governingLawMax: 200,
  defaultAddress: 'Nashville, Tennessee, United States',
  defaultGoverningLaw: 'the State of Tennessee',
  defaultCommenterDisplay: 'anonymous' as CommenterDisplay,
} as const;

/**
 * The faster review the admin may offer (decision 0095): dearer than the standard review and due sooner. Its
 * price is per song, in cents, above the standard price; its turnaround in business days, shorter than the
 * standard REVIEW_DUE_BUSINESS_DAYS.
 */
export const FAST_REVIEW = {
  priceMinCents: PRICE_PER_SONG_CENTS + 100,
  priceMaxCents: 50_000,
  businessDaysMin: 1,
  businessDaysMax: REVIEW_DUE_BUSINESS_DAYS - 1,
} as const;

/**
 * Why an agreement song's media step could not take all of the submission, for the admin to read: its lyrics
 * file past the reading's time or memory limit or not readable as its kind, or the step given up after
 * AGREEMENT_MEDIA_MAX_TRIES tries (a store that kept failing, or a process that stopped in the middle).
 */
export const AGREEMENT_MEDIA_PROBLEMS = ['lyrics-time-limit', 'lyrics-memory-limit', 'lyrics-unreadable', 'gave-up'] as const;
export type AgreementMediaProblem = (typeof AGREEMENT_MEDIA_PROBLEMS)[number];
export const AGREEMENT_MEDIA_MAX_TRIES = 3;

/**
 * Where the common streaming services play a song: they turn a master to about -14 LUFS integrated, and ask
 * for true peaks at or below -1 dBTP so that encoding to their lossy formats does not clip. A master within
 * `toleranceLu` of the level plays about as it is.
 */
export const STREAMING_LOUDNESS = { integratedLufs: -14, truePeakDbtp: -1, toleranceLu: 1 } as const;
/** Loudness range (LU) below which a song's quiet and loud parts barely differ, and above which they differ widely. */
export const LOUDNESS_RANGE_BOUNDS = { compressedBelowLu: 4, wideAboveLu: 12 } as const;

/**
 * The analysis pipeline's jobs (analysis_jobs): what a job measures in a stored audio file, and where it stands.
 * A job is `queued` until a worker claims it, `running` under a lease, then `done` or `failed` (a reason the admin
 * reads, after ANALYSIS_MAX_ATTEMPTS tries or at once for a file that is not audio).
 */
export const ANALYSIS_JOB_KINDS = ['audio'] as const;
export type AnalysisJobKind = (typeof ANALYSIS_JOB_KINDS)[number];
export const ANALYSIS_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalysisJobState = (typeof ANALYSIS_JOB_STATES)[number];
export const ANALYSIS_MAX_ATTEMPTS = 3;

/**
 * A buyer's brief: what they are looking for. A buyer's brief waits for an admin's approval; an admin's is open
 * at once. "Closed" is ended (or refused) without a song; "filled" is ended with one. A brief past its deadline
 * takes no answers whatever its state (counted against the injected clock, by the day in Nashville).
 */
export const BRIEF_STATES = ['awaiting_approval', 'open', 'closed', 'filled'] as const;
export type BriefState = (typeof BRIEF_STATES)[number];
/** The vocal a brief asks for; none chosen means any. */
export const BRIEF_VOCALS = ['female', 'male', 'duet', 'group', 'instrumental'] as const;
export type BriefVocal = (typeof BRIEF_VOCALS)[number];
/** The reviewer's screening of an answer against its brief. */
export const BRIEF_VERDICTS = ['fits', 'close', 'no'] as const;
export type BriefVerdict = (typeof BRIEF_VERDICTS)[number];
/** How an answer came: a new song sent for review against the brief, or a song already signed into the catalogue. */
export const BRIEF_ANSWER_KINDS = ['submission', 'catalogue'] as const;
export type BriefAnswerKind = (typeof BRIEF_ANSWER_KINDS)[number];
export const BRIEF_LIMITS = {
  titleMax: 120,
  descriptionMax: 4000,
  artistShownMax: 120,
  moodMax: 30,
  moodsMax: 8,
  referencesMax: 5,
  verdictReasonMax: 280,
  /** A deadline at most this many days ahead. */
  deadlineMaxDays: 366,
} as const;
