import type { LocalClient } from '@ruleloom/client';

/** Downloads the save of a local match (for the replay viewer, `ruleloom replay` or `play --resume`). */
export function SaveButton({ client }: { client: LocalClient }) {
  return (
    <button
      onClick={() => {
        const blob = new Blob([JSON.stringify(client.save(), null, 1)], {
          type: 'application/json',
        });
        const a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = `${client.getSnapshot().game ?? 'match'}-save.json`;
        a.click();
        URL.revokeObjectURL(a.href);
      }}
    >
      Download the save
    </button>
  );
}
