import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageShell } from './PageShell.tsx';

describe('PageShell', () => {
  it('frames a page once: a page inside another page gets no second frame', () => {
    const { container } = render(
      <PageShell>
        <h1>Site</h1>
        <PageShell>
          <h1>Library</h1>
        </PageShell>
      </PageShell>,
    );
    expect(container.querySelectorAll('[data-page-shell]')).toHaveLength(1);
  });
});
