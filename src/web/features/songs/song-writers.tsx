import type { SongWriterCredit } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { COMPACT_CELL, DataTable } from '../../components/data-table';
import { cn } from '../../lib/cn';

/** A writer's society as a listener reads it: "None" means no society at all. */
const proText = (pro: SongWriterCredit['pro']) => (pro === 'None' ? 'No PRO' : pro);

/** The song's splits: each writer with their society, publisher and share, in credit order. */
export function SongWriters({ writers, className }: { writers: readonly SongWriterCredit[]; className?: string }) {
  if (writers.length === 0) return null;
  return (
    <section aria-labelledby="writers-heading" className={className}>
      <h2 id="writers-heading" className="text-lg font-semibold">
        {MESSAGES.songs.writersTitle}
      </h2>
      <DataTable
        className="mt-3"
        label="The song's writers, scrolled sideways"
        caption="The song's writers in credit order, with their society, publisher and share"
        // On a phone, society and publisher go under the name, so the share stays in sight without scrolling.
        columns={[
          'Writer',
          { label: 'PRO', className: 'hidden sm:table-cell' },
          { label: 'Publisher', className: 'hidden sm:table-cell' },
          { label: 'Share', numeric: true },
        ]}
        compact
      >
        {writers.map((writer, index) => (
          <tr key={index} className="border-b border-border last:border-0">
            <th scope="row" className={cn(COMPACT_CELL, 'font-medium')}>
              {writer.name}
              <span className="block font-normal text-muted-foreground sm:hidden">
                {proText(writer.pro)}
                {writer.publisher ? ` · ${writer.publisher}` : ''}
              </span>
            </th>
            <td className={cn(COMPACT_CELL, 'hidden sm:table-cell')}>{proText(writer.pro)}</td>
            <td className={cn(COMPACT_CELL, 'hidden sm:table-cell')}>
              {writer.publisher ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">None listed</span>
                </>
              )}
            </td>
            <td className={cn(COMPACT_CELL, 'whitespace-nowrap text-right tabular-nums')}>{writer.share}%</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
