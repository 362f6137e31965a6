import { CircleCheck } from 'lucide-react';
import { RESET_COUNTS, type ResetDone } from './reset-songwriter-api';
import { EmailText } from '../../../components/email-text';

/** What the last reset removed. */
export function ResetResult({ result }: { result: ResetDone }) {
  return (
    <section
      aria-labelledby="reset-result-title"
      className="rounded-xl border border-success-line bg-success-soft p-5 text-success-text shadow-sm sm:p-6"
    >
      <h2 id="reset-result-title" className="flex items-center gap-2 text-xl font-semibold">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success-text" />
        <span className="min-w-0">
          Reset <EmailText email={result.email} />
        </span>
      </h2>
      <p className="mt-1 text-sm">
        The account remains, with any other access it has: signed in, the person can choose a username and start again as a songwriter.
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {RESET_COUNTS.map(([key, label]) => (
          <div key={key} className="flex flex-col justify-between gap-1 rounded-lg border border-success-line bg-card px-3 py-2">
            <dt className="text-sm text-success-text">{label}</dt>
            <dd className="font-display text-2xl font-bold tabular-nums">{result[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
