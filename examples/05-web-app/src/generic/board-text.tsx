import type { BoardBlock } from '@ruleloom/core';
import { RichTextView } from '../rich-text-view.js';

/** A presenter's text board (`renderBoard`) as HTML: each line a paragraph, each table a table. */
export function BoardText({ blocks }: { blocks: readonly BoardBlock[] }) {
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
