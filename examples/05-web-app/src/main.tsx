import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { servedKitProblems } from './served-kits.js';
import './styles.css';

// Games served beside the app that could not be loaded: said above the app (see served-kits.ts).
const problems = servedKitProblems();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {problems.length > 0 && (
      <div className="error" role="alert" aria-label="served game problems">
        {problems.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    )}
    <App />
  </StrictMode>,
);
