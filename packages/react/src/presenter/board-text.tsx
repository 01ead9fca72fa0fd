import type { BoardBlock } from '@ruleloom/core';
import type { ReactNode } from 'react';
import { RichTextView } from './rich-text-view.js';

/**
 * Props of {@link BoardText}.
 * @public
 */
export interface BoardTextProps {
  /** The presenter's board (`renderBoard`). */
  readonly blocks: readonly BoardBlock[];
}

/**
 * A presenter's text board (`renderBoard`) as HTML, in a `div.board-text`: each line a
 * paragraph, each table a `<table>` (in a `div.scroll`) with the columns' alignment.
 * @public
 */
export function BoardText({ blocks }: BoardTextProps): ReactNode {
  return (
    <div className="board-text" data-testid="board-text">
      {blocks.map((block, i) =>
        block.type === 'line' ? (
          <p key={i}>
            <RichTextView text={block.text} />
          </p>
        ) : (
          <div key={i} className="scroll">
            <table>
              <thead>
                <tr>
                  {block.columns.map((c, j) => (
                    <th key={j} style={{ textAlign: c.align }}>
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, j) => (
                      <td key={j} style={{ textAlign: block.columns[j]?.align ?? 'left' }}>
                        <RichTextView text={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}
