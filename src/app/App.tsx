import { useEffect, useState } from 'react';
import { api } from '../lib/api-client.ts';

type Status = 'checking' | 'ready' | 'unavailable';

/** A first page: what Quire is and whether the repository answers. The admin app comes next. */
export function App() {
  const [status, setStatus] = useState<Status>('checking');
  useEffect(() => {
    api
      .GET('/probes/-ready-')
      .then(({ response }) => setStatus(response.ok ? 'ready' : 'unavailable'))
      .catch(() => setStatus('unavailable'));
  }, []);
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '4rem auto',
        padding: '0 1rem',
        lineHeight: 1.5,
      }}
    >
      <h1>Quire</h1>
      <p>An open document repository that speaks the Alfresco Content Services REST API v1.</p>
      <p role="status">
        Repository:{' '}
        <strong>{status === 'checking' ? 'checking…' : status === 'ready' ? 'ready' : 'not reachable'}</strong>
      </p>
      <p>
        API base: <code>/alfresco/api/-default-/public/alfresco/versions/1</code>
      </p>
    </main>
  );
}
