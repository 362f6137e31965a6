/** Shapes of API replies that both sides read. */

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export interface MeResponse {
  user: { id: string; email: string; name: string; emailVerified: boolean } | null;
  isAdmin: boolean;
  isPreview: boolean;
  isSongwriter: boolean;
  hasPreviewRequest: boolean;
}
