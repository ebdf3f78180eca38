import { useEffect, useRef } from 'react';

// Token colours (tokens.css): primary, accent, secondary, success, danger.
const COLOURS = ['#0f6a6f', '#f0a23b', '#3f4fb5', '#1b7f4b', '#c42b2b'];
const DURATION_MS = 3500;

/**
 * Confetti for the success step (docs/product.md#in-app-form "Confetti plays on success"): a one-shot canvas burst,
 * no dependency. Nothing plays when the person prefers reduced motion. Decorative (aria-hidden).
 */
export function Confetti() {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const dpr = devicePixelRatio || 1;
    const w = innerWidth * dpr;
    const h = innerHeight * dpr;
    canvas.width = w;
    canvas.height = h;
    const bits = Array.from({ length: 140 }, (_, i) => ({
      x: w / 2,
      y: h / 3,
      vx: (Math.random() - 0.5) * 16 * dpr,
      vy: (-Math.random() * 14 - 4) * dpr,
      r: Math.random() * Math.PI,
      s: (4 + Math.random() * 5) * dpr,
      c: COLOURS[i % COLOURS.length] ?? '#f0a23b',
    }));
    const start = performance.now();
    let frame = 0;
    const tick = (t: number) => {
      ctx.clearRect(0, 0, w, h);
      if (t - start > DURATION_MS) return;
      for (const b of bits) {
        b.vy += 0.35 * dpr;
        b.vx *= 0.99;
        b.x += b.vx;
        b.y += b.vy;
        b.r += 0.1;
        ctx.save();
        ctx.translate(b.x, b.y);
        ctx.rotate(b.r);
        ctx.fillStyle = b.c;
        ctx.fillRect(-b.s / 2, -b.s / 4, b.s, b.s / 2);
        ctx.restore();
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      <canvas ref={ref} className="confetti__canvas" />
    </div>
  );
}
