import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../common/messages';
import { PAGE_PATHS } from '../../common/routes';
import { PageMeta } from '../components/page-meta';
import { Button } from '../components/ui/button';

/** A page's code failed to load (usually a deploy replaced the chunks this tab knows) or threw while rendering. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const staleChunk = error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <PageMeta title="Error" description={MESSAGES.generic.pageFailed} />
      <h1 className="text-3xl font-bold">{MESSAGES.generic.pageFailed}</h1>
      <p className="mt-3 text-muted-foreground">{staleChunk ? MESSAGES.generic.newVersion : MESSAGES.generic.unexpected}</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.home} reloadDocument>
            {MESSAGES.notFound.home}
          </Link>
        </Button>
      </div>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The error is forgotten when this changes (the location), so Back leaves the error page. */
  resetKey: string;
}

/** Shows RouteErrorPage instead of a page that threw. (Error boundaries can only be classes.) */
export class RouteErrorBoundary extends Component<BoundaryProps, { failure: { error: unknown } | null }> {
  override state = { failure: null as { error: unknown } | null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failure && previous.resetKey !== this.props.resetKey) this.setState({ failure: null });
  }

  override render() {
    return this.state.failure ? <RouteErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}
