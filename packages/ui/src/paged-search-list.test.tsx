import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PagedSearchList } from './paged-search-list';

interface Read {
  answer: { total: number; page_size: number } | undefined;
  stale: boolean;
  loading: boolean;
  failed: boolean;
  refetch: () => void;
}

const read: Read = { answer: undefined, stale: false, loading: false, failed: false, refetch: () => {} };

const render = (over: { page?: number; q?: string; read?: Partial<Read>; items?: string[] }) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PagedSearchList
        search={{ q: over.q ?? '', page: over.page ?? 1 }}
        onSearch={() => {}}
        box={{ label: 'Search NFTs', placeholder: 'Search…', maxLength: 100 }}
        read={{ ...read, ...over.read }}
        items={over.items ?? []}
        renderItem={(item) => <li key={item}>{item}</li>}
        list={{ label: 'NFTs for sale', className: 'sf-card-list market-grid' }}
        loadingLabel="Loading NFTs for sale..."
        failed={{ title: 'Failed to load NFTs', titleId: 'market-failed-title' }}
        empty={{ title: 'No NFTs found', titleId: 'market-empty-title', testId: 'market-empty', none: <p>None for sale.</p> }}
        emptyClassName="market-empty"
        above={<p role="status">above</p>}
        below={<p>below</p>}
      />
    </MemoryRouter>,
  );

describe('PagedSearchList', () => {
  it('shows the search box, then the loading state', () => {
    const html = render({ read: { loading: true } });
    expect(html).toContain('type="search"');
    expect(html).toContain('Search NFTs');
    expect(html).toContain('Loading NFTs for sale...');
    expect(html.indexOf('above')).toBeLessThan(html.indexOf('Loading NFTs'));
    expect(html.indexOf('Loading NFTs')).toBeLessThan(html.indexOf('below'));
  });

  it('shows a failure with its heading naming the card and Try again', () => {
    const html = render({ read: { failed: true } });
    expect(html).toContain('<section class="sf-card market-empty" aria-labelledby="market-failed-title"><h2 id="market-failed-title">Failed to load NFTs</h2>');
    expect(html).toContain('Try again');
  });

  it('says what an empty search says, or that the page is past the end with the pager', () => {
    const none = render({ read: { answer: { total: 0, page_size: 24 } } });
    expect(none).toContain('data-testid="market-empty"');
    expect(none).toContain('None for sale.');
    const past = render({ page: 5, read: { answer: { total: 30, page_size: 24 } } });
    expect(past).toContain('There is no page 5 of this search.');
    expect(past).toContain('aria-label="Pages"');
    expect(past).not.toContain('None for sale.');
  });

  it('lists the page with its pager, busy while another page loads', () => {
    const html = render({ q: 'orion', read: { answer: { total: 30, page_size: 24 } }, items: ['a', 'b'] });
    expect(html).toContain('<ul class="sf-card-list market-grid" aria-label="NFTs for sale"><li>a</li><li>b</li></ul>');
    expect(html).toContain('href="/?q=orion&amp;page=2"');
    expect(render({ read: { answer: { total: 2, page_size: 24 }, stale: true }, items: ['a'] })).toContain('aria-busy="true"');
  });
});
