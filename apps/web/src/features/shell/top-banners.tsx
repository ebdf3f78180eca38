import type { Banner } from '../../lib/banners.tsx';

/**
 * The top banner area (SPEC §2 App shell). Always rendered, so screen readers hear banners that
 * appear later; each banner has a fixed height so the page's top padding follows the count.
 */
export function TopBanners({ banners }: { banners: readonly Banner[] }) {
  return (
    <section className="banners" aria-label="Notices" aria-live="polite">
      {banners.map((banner) => (
        <div key={banner.id} className={`banner banner--${banner.tone}`} data-banner={banner.id}>
          {banner.content}
        </div>
      ))}
    </section>
  );
}
