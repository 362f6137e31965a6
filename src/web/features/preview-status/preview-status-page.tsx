import { CircleCheck, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { PageMeta } from '../../components/page-meta';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useMe } from '../../lib/auth';
import { PLANNED_PATHS } from '../../lib/planned-paths';

/**
 * The signed-in user's preview request. Rendered inside the signed-in guard, so /api/me is loaded.
 * For now it knows only whether a request exists; the request's details come with the preview-access API.
 */
export function PreviewStatusPage() {
  const { data: me } = useMe();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PageMeta title="Preview Status" description="The status of your request for preview access to the Pitchroom catalogue." />
      <h1 className="text-4xl font-bold">Preview access</h1>
      <div className="mt-8">
        {!me?.hasPreviewRequest && !me?.isPreview ? (
          <Card>
            <CardHeader>
              <CardTitle>{MESSAGES.previewStatus.noRequest}</CardTitle>
              <CardDescription>
                Publishers, labels, producers, managers and music supervisors can ask to hear our catalogue.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to={PLANNED_PATHS.previewRequest}>Request Access</Link>
              </Button>
            </CardContent>
          </Card>
        ) : me.isPreview ? (
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <CardTitle className="flex items-center gap-2">
                  <CircleCheck aria-hidden="true" className="size-6 text-success" />
                  {MESSAGES.previewStatus.approvedTitle}
                </CardTitle>
                <Badge variant="success">Approved</Badge>
              </div>
              <CardDescription>{MESSAGES.previewStatus.approvedBody}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to={PLANNED_PATHS.songs}>View Songs</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <CardTitle className="flex items-center gap-2">
                  <Hourglass aria-hidden="true" className="size-6 text-accent-strong" />
                  {MESSAGES.previewStatus.underReviewTitle}
                </CardTitle>
                <Badge variant="warning">Pending</Badge>
              </div>
              <CardDescription>{MESSAGES.previewStatus.underReviewBody}</CardDescription>
            </CardHeader>
          </Card>
        )}
      </div>
    </div>
  );
}
