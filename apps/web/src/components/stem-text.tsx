import { type StemTable, stemBlocks } from '@pasado/core/rules';
import { useMemo } from 'react';
import './stem-text.css';

/**
 * A question's stem as the student reads it (core `stemBlocks`): its paragraphs, its line breaks
 * and its tables. Not a heading: a table cannot sit inside one, so the item's heading is its
 * number and the stem's element names the choices (`id`, for `aria-labelledby`).
 */
export function StemText({
  stem,
  id,
  className,
}: {
  stem: string;
  id?: string;
  className?: string;
}) {
  const blocks = useMemo(() => stemBlocks(stem), [stem]);
  return (
    <div id={id} className={className ? `stem ${className}` : 'stem'}>
      {blocks.map((block, index) =>
        block.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reorder
          <p key={index}>{block.text}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and never reorder
          <StemTableView key={index} table={block} />
        ),
      )}
    </div>
  );
}

function StemTableView({ table }: { table: StemTable }) {
  const align = (column: number) => table.align[column] ?? undefined;
  return (
    <div className="stem__table-scroll">
      <table className="stem__table">
        <thead>
          <tr>
            {table.header.map((cell, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <th key={column} scope="col" data-align={align(column)}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <tr key={r}>
              {table.header.map((_, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <td key={column} data-align={align(column)}>
                  {row[column] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
