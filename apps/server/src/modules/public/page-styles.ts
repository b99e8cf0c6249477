/**
 * The public page's stylesheet, inlined into every page (one request less; it is small and the
 * page itself is cached). Colours, font and header height come from custom properties that
 * `themeCss` sets per event. Three layouts: classic (a centred column), modern (a hero in the
 * accent colour with the player card over it) and tube (the player wide on the left, interaction
 * beside it).
 */
export const PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background-color:var(--lv-bg);color:var(--lv-text);font-family:var(--lv-font);font-size:17px;line-height:1.6;-webkit-font-smoothing:antialiased}
img{max-width:100%;height:auto}
a{color:var(--lv-accent)}
h1,h2,h3{line-height:1.2;margin:0 0 .5em;font-weight:700;letter-spacing:-.01em}
h2{font-size:1.35rem}
.lv-wrap{width:100%;max-width:1180px;margin:0 auto;padding:0 24px}
.lv-skip{position:absolute;left:-9999px;top:8px;z-index:10;background:var(--lv-accent);color:#fff;padding:8px 16px;border-radius:8px}
.lv-skip:focus{left:8px}
.lv-header{background:var(--lv-header-bg);color:var(--lv-header-text);box-shadow:0 1px 0 rgba(0,0,0,.08)}
.lv-header a{color:var(--lv-header-text)}
.lv-header-bar{display:flex;align-items:center;gap:24px;min-height:var(--lv-header-height);padding-top:8px;padding-bottom:8px;flex-wrap:wrap}
.lv-logo{display:flex;align-items:center;text-decoration:none;font-weight:700;font-size:1.2rem;flex:none}
.lv-logo img{max-height:calc(var(--lv-header-height) - 16px);width:auto;display:block}
.lv-header-headline{margin:0;font-weight:600;font-size:1.05rem;flex:1;min-width:0;color:var(--lv-header-text)}
.lv-header-centered .lv-header-bar{flex-direction:column;justify-content:center;gap:8px;text-align:center}
.lv-header-centered .lv-nav{margin:0}
.lv-banner{height:var(--lv-header-height);background-size:cover;background-position:center}
.lv-header-banner .lv-header-bar{min-height:0}
.lv-nav{margin-left:auto;position:relative}
.lv-nav-list{display:flex;flex-wrap:wrap;gap:4px 8px;list-style:none;margin:0;padding:0}
.lv-nav-list a{display:block;padding:8px 12px;border-radius:8px;text-decoration:none;font-weight:600;font-size:.95rem}
.lv-nav-list a:hover,.lv-nav-list a:focus-visible{background:color-mix(in srgb,var(--lv-header-accent) 14%,transparent);color:var(--lv-header-accent)}
.lv-nav-toggle{display:none;align-items:center;gap:8px;font:inherit;font-weight:600;background:transparent;color:var(--lv-header-text);border:1px solid color-mix(in srgb,var(--lv-header-text) 30%,transparent);border-radius:8px;padding:8px 12px;cursor:pointer}
.lv-burger,.lv-burger::before,.lv-burger::after{display:block;width:18px;height:2px;background:currentColor;border-radius:2px;position:relative}
.lv-burger::before,.lv-burger::after{content:"";position:absolute;left:0}
.lv-burger::before{top:-6px}.lv-burger::after{top:6px}
@media (max-width:760px){
body:not(.lv-nav-always) .lv-nav-toggle{display:inline-flex}
body:not(.lv-nav-always) .lv-nav-list{display:none;position:absolute;right:0;top:calc(100% + 8px);z-index:5;flex-direction:column;min-width:220px;background:var(--lv-header-bg);border-radius:12px;padding:8px;box-shadow:0 12px 32px rgba(0,0,0,.18)}
body:not(.lv-nav-always) .lv-nav.lv-open .lv-nav-list{display:flex}
.lv-nav-always .lv-nav{margin-left:0;width:100%}
}
.lv-channels{display:flex;align-items:center;gap:12px;flex-wrap:wrap;padding-top:16px;padding-bottom:0}
.lv-channels-label{font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.08em}
.lv-channels ul{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.lv-channels a{display:block;padding:6px 14px;border-radius:999px;text-decoration:none;font-weight:600;font-size:.92rem;color:var(--lv-text);background:color-mix(in srgb,var(--lv-text) 7%,transparent)}
.lv-channels a[aria-current="page"]{background:var(--lv-accent);color:#fff}
.lv-main{flex:1;width:100%;max-width:1180px;margin:0 auto;padding:32px 24px 56px}
.lv-intro{margin-bottom:28px;max-width:860px}
.lv-headline{font-size:clamp(1.8rem,3.4vw,2.8rem);margin-bottom:.35em}
.lv-start{display:inline-flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0 0 12px;font-weight:600}
.lv-start-label{background:var(--lv-accent);color:#fff;border-radius:999px;padding:2px 12px;font-size:.8rem;text-transform:uppercase;letter-spacing:.06em}
.lv-text p{margin:0 0 1em}.lv-text p:last-child{margin-bottom:0}
.lv-introduction{font-size:1.1rem}
.lv-stack{display:flex;flex-direction:column;gap:28px}
.lv-block{background:color-mix(in srgb,var(--lv-bg) 70%,#fff);border-radius:16px;padding:24px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.06)}
.lv-player,.lv-extra-image,.lv-extra-frame{padding:0;overflow:hidden;background:#000}
.lv-extra-image{background:transparent}
.lv-player{display:grid;grid-template-columns:1fr}
.lv-player.lv-with-side{grid-template-columns:minmax(0,2.2fr) minmax(260px,1fr)}
.lv-ratio{position:relative;aspect-ratio:16/9;width:100%;background:#000}
.lv-ratio iframe,.lv-ratio video,.lv-ratio video-js,.lv-ratio .video-js{position:absolute;inset:0;width:100%;height:100%;border:0}
.lv-side{position:relative;height:100%;min-height:360px;background:#fff}
.lv-side iframe{position:absolute;inset:0;width:100%;height:100%;border:0}
.lv-player-empty{display:flex;align-items:center;justify-content:center;color:#fff;background:linear-gradient(135deg,#111827,color-mix(in srgb,var(--lv-accent) 60%,#111827))}
.lv-player-empty p{margin:0;padding:24px;text-align:center;font-weight:600;opacity:.9}
.lv-player-image img,.lv-fill{display:block;width:100%;height:auto}
.lv-code-player{background:#000}
.lv-extra-frame iframe{display:block;width:100%;border:0;background:#fff}
.lv-content{display:flex;flex-direction:column;gap:20px}
.lv-agenda{border-top:1px solid color-mix(in srgb,var(--lv-text) 12%,transparent);padding-top:20px}
.lv-agenda:first-child{border-top:0;padding-top:0}
.lv-cta-row{margin:0}
.lv-cta,.lv-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;font:inherit;font-weight:700;text-decoration:none;background:var(--lv-accent);color:#fff;border:0;border-radius:10px;padding:12px 22px;cursor:pointer;box-shadow:0 4px 14px color-mix(in srgb,var(--lv-accent) 35%,transparent);transition:transform .15s ease,box-shadow .15s ease}
.lv-cta:hover,.lv-button:hover{transform:translateY(-1px)}
.lv-cta:focus-visible,.lv-button:focus-visible,a:focus-visible{outline:3px solid color-mix(in srgb,var(--lv-accent) 55%,transparent);outline-offset:2px}
.lv-hl-group{margin:8px 0 14px}
.lv-hl-grid{list-style:none;margin:0 0 16px;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.lv-hl-large .lv-hl-grid{grid-template-columns:repeat(auto-fill,minmax(320px,1fr))}
.lv-hl{border-radius:12px;overflow:hidden;background:color-mix(in srgb,var(--lv-text) 4%,transparent);display:flex;flex-direction:column}
.lv-hl-image{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}
.lv-hl-body{padding:14px 16px}
.lv-hl-body h3{font-size:1.02rem;margin:0 0 4px}
.lv-hl-large .lv-hl-body h3{font-size:1.25rem}
.lv-hl-body p{margin:0;font-size:.94rem}
.lv-hl-large .lv-hl-body p{font-size:1.02rem}
.lv-hl-align-center .lv-hl-body,.lv-hl-align-center .lv-hl-group{text-align:center}
.lv-hl-align-right .lv-hl-body,.lv-hl-align-right .lv-hl-group{text-align:right}
.lv-message-form{display:grid;gap:8px;max-width:640px}
.lv-message-form label{font-weight:600;font-size:.92rem}
.lv-message-form input,.lv-message-form textarea{font:inherit;color:inherit;background:#fff;border:1px solid color-mix(in srgb,var(--lv-text) 25%,transparent);border-radius:10px;padding:10px 12px;width:100%}
.lv-message-form input:focus,.lv-message-form textarea:focus{outline:2px solid var(--lv-accent);border-color:transparent}
.lv-message-form .lv-button{justify-self:start;margin-top:6px}
.lv-message-status{margin:0;min-height:1.6em;font-weight:600}
.lv-message-status.lv-error{color:#b42318}
.lv-footer{padding:28px 0 36px;font-size:.9rem;border-top:1px solid color-mix(in srgb,var(--lv-text) 10%,transparent)}
.lv-footer .lv-wrap{display:flex;flex-direction:column;gap:10px;align-items:center;text-align:center}
.lv-footer p{margin:0}
.lv-footer-links{display:flex;flex-wrap:wrap;gap:8px 20px;justify-content:center}
.lv-footer-links a{color:inherit}
.lv-legal-text{max-width:760px}
.lv-powered a,.lv-powered{display:inline-flex;align-items:center;gap:6px;color:inherit;text-decoration:none;font-size:.85rem}
.lv-powered span{font-weight:700;letter-spacing:.01em}
.lv-powered-logo{color:#3f51b5}
.lv-consent{position:fixed;left:16px;right:16px;bottom:16px;z-index:20;margin:0 auto;max-width:760px;display:flex;gap:16px;align-items:center;background:#111827;color:#f9fafb;border-radius:14px;padding:16px 20px;box-shadow:0 18px 40px rgba(0,0,0,.3);font-size:.92rem}
.lv-consent p{margin:0;flex:1}
.lv-consent a{color:#c7d2fe}
@media (max-width:560px){.lv-consent{flex-direction:column;align-items:stretch}}
/* modern: a hero in the accent colour, the player card rising out of it */
.lv-layout-modern .lv-header{box-shadow:none}
.lv-layout-modern .lv-main{padding-top:0;max-width:none;padding-left:0;padding-right:0}
.lv-layout-modern .lv-hero{background:linear-gradient(135deg,var(--lv-accent),color-mix(in srgb,var(--lv-accent) 55%,#0b1020));color:#fff;padding:56px 24px 140px;text-align:center}
.lv-layout-modern .lv-hero .lv-headline{font-size:clamp(2rem,4.6vw,3.6rem);max-width:900px;margin:0 auto .3em}
.lv-layout-modern .lv-hero .lv-start{justify-content:center}
.lv-layout-modern .lv-hero .lv-start-label{background:#fff;color:var(--lv-accent)}
.lv-layout-modern .lv-stack{max-width:1080px;margin:-110px auto 0;padding:0 24px}
.lv-layout-modern .lv-player{border-radius:20px;box-shadow:0 30px 60px rgba(11,16,32,.35)}
.lv-layout-modern .lv-block:not(.lv-player):not(.lv-extra-image){padding:32px}
.lv-layout-modern .lv-hl-grid{grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
/* tube: wide player, interaction beside it */
.lv-layout-tube .lv-main,.lv-layout-tube .lv-wrap{max-width:1440px}
.lv-layout-tube .lv-intro{max-width:none}
.lv-tube{display:grid;grid-template-columns:minmax(0,1fr) 360px;gap:24px;align-items:start}
.lv-tube-primary{display:flex;flex-direction:column;gap:24px;min-width:0}
.lv-tube-aside{position:sticky;top:16px}
.lv-layout-tube .lv-player{border-radius:12px}
.lv-layout-tube .lv-block{border-radius:12px}
.lv-layout-tube .lv-player.lv-with-side{grid-template-columns:minmax(0,2.6fr) minmax(260px,1fr)}
@media (max-width:1000px){.lv-tube{grid-template-columns:1fr}.lv-tube-aside{position:static}}
@media (max-width:760px){
body{font-size:16px}
.lv-main{padding:20px 16px 40px}
.lv-wrap{padding:0 16px}
.lv-block{border-radius:12px}.lv-block:not(.lv-player):not(.lv-extra-image):not(.lv-extra-frame){padding:18px}
.lv-player.lv-with-side,.lv-layout-tube .lv-player.lv-with-side{grid-template-columns:1fr}
.lv-layout-modern .lv-main{padding:0 0 40px}
.lv-layout-modern .lv-hero{padding:36px 16px 96px}
.lv-layout-modern .lv-stack{margin-top:-72px;padding:0 16px}
.lv-layout-modern .lv-block:not(.lv-player):not(.lv-extra-image){padding:20px}
}
.lv-not-found-page{align-items:center;justify-content:center;text-align:center;padding:24px}
.lv-not-found{max-width:520px;margin:auto}
.lv-not-found-code{font-size:5rem;font-weight:800;margin:0;color:var(--lv-accent);line-height:1}
.lv-not-found h1{font-size:1.8rem;margin:12px 0}
`
  .replace(/\n/g, '')
  .trim();
