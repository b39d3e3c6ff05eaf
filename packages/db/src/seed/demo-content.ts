// Text of the demo forum: real-looking technology discussions so every screen has content.

export const DEMO_CATEGORIES = [
  { name: "JavaScript", description: "Browsers, Node.js, TypeScript and the npm ecosystem.", color: "#f59e0b" },
  { name: "Python", description: "Scripting, data science, web back ends and packaging.", color: "#3b82f6" },
  { name: "DevOps", description: "CI/CD, containers, infrastructure as code and on-call life.", color: "#10b981" },
  { name: "Databases", description: "SQL, NoSQL, indexing, migrations and query tuning.", color: "#8b5cf6" },
  { name: "Web Design", description: "CSS, accessibility, UX and design systems.", color: "#ec4899" },
  { name: "Career", description: "Interviews, growth, remote work and team culture.", color: "#f97316" },
  { name: "Hardware", description: "Laptops, home labs, keyboards and single-board computers.", color: "#14b8a6" },
] as const;

export const DEMO_USERS = [
  {
    username: "ada_l",
    firstName: "Ada",
    lastName: "Lovelace",
    bio: "Analytical engines and TypeScript generics.",
    location: "London, UK",
  },
  {
    username: "grace.h",
    firstName: "Grace",
    lastName: "Hopper",
    bio: "Compilers, COBOL and debugging moths.",
    location: "Arlington, USA",
  },
  { username: "linus_t", firstName: "Linus", lastName: "Torvalds", bio: null, location: "Portland, USA" },
  {
    username: "margaret",
    firstName: "Margaret",
    lastName: "Hamilton",
    bio: "Software engineering before it had a name.",
    location: "Boston, USA",
  },
  {
    username: "kentb",
    firstName: "Kent",
    lastName: "Beck",
    bio: "Make it work, make it right, make it fast.",
    location: null,
  },
  {
    username: "sophie_w",
    firstName: "Sophie",
    lastName: "Wilson",
    bio: "Instruction sets and tiny, fast chips.",
    location: "Cambridge, UK",
  },
  { username: "devnull", firstName: null, lastName: null, bio: null, location: null },
  {
    username: "barbara.l",
    firstName: "Barbara",
    lastName: "Liskov",
    bio: "Abstraction and distributed systems.",
    location: "Cambridge, USA",
  },
  { username: "tim_bl", firstName: "Tim", lastName: null, bio: "The web is for everyone.", location: "Oxford, UK" },
  {
    username: "moderator_mia",
    firstName: "Mia",
    lastName: "Chen",
    bio: "Keeping the threads friendly.",
    location: "Singapore",
  },
] as const;

type DemoPost = { category: number; title: string; content: string; excerpt?: string };

export const DEMO_POSTS: DemoPost[] = [
  {
    category: 0,
    title: "Is TypeScript's strict mode worth it on a legacy codebase?",
    content:
      "We have 200k lines of JavaScript that we migrated to TypeScript with strict off. Turning on strict gives us 4,000 errors.\n\nHas anyone done this incrementally? I'm thinking of enabling it per folder with project references.",
  },
  {
    category: 0,
    title: "Node 20 vs Bun for a small API server",
    content:
      "I benchmarked a tiny JSON API on both. Bun was faster on hello-world but the gap almost vanished once a real database was involved.\n\nWhat are you running in production?",
  },
  {
    category: 0,
    title: "React Server Components: who is actually using them?",
    content:
      "Every conference talk is about RSC but I haven't met a team that shipped them outside Next.js. Curious about real experiences, good and bad.",
  },
  {
    category: 0,
    title: "Favourite small npm packages you can't live without",
    content:
      "Mine: zod for validation, date-fns for dates, and p-limit for concurrency. What's in your package.json every time?",
  },
  {
    category: 0,
    title: "How do you structure a pnpm monorepo?",
    content:
      "apps/ and packages/ seems standard. Do you publish internal packages or point exports at the TypeScript source?",
    excerpt: "apps/ and packages/, and what about internal package exports?",
  },
  {
    category: 0,
    title: "Debugging memory leaks in a long-running Node process",
    content:
      "Our worker's RSS grows by 50 MB a day. Heap snapshots show lots of closures retained by an event emitter.\n\nTools and tips welcome.",
  },
  {
    category: 1,
    title: "uv replaced pip, venv and pyenv for me",
    content:
      "I switched all my projects to uv last month. Installs are an order of magnitude faster and lockfiles finally feel right.\n\nAnyone hit problems with it in CI?",
  },
  {
    category: 1,
    title: "Polars or pandas for a new analytics project?",
    content:
      "Our data fits in memory (about 5 GB). Polars looks faster but the team knows pandas well. How steep is the switch?",
  },
  {
    category: 1,
    title: "Type hints in a Django codebase: worth the effort?",
    content:
      "django-stubs works, but the querysets get complicated quickly. Do you type everything or just the service layer?",
  },
  {
    category: 1,
    title: "Async Python: when does it actually help?",
    content:
      "We rewrote an I/O heavy scraper with asyncio and it got 8x faster. A CPU-heavy job got slower. Rules of thumb?",
  },
  {
    category: 1,
    title: "Packaging a CLI tool in 2026",
    content: "pyproject.toml, a build backend, and then... pipx? A standalone binary? What do your users find easiest?",
  },
  {
    category: 2,
    title: "GitHub Actions caching tips that cut our CI time in half",
    content:
      "1. Cache the package manager store, not node_modules.\n2. Split lint, type-check and tests into parallel jobs.\n3. Only run the browser tests when the web app changed.\n\nWhat else?",
  },
  {
    category: 2,
    title: "Kubernetes for a five-person startup?",
    content:
      "Our CTO wants Kubernetes from day one. We have three services and one database. Is a couple of VMs with systemd enough?",
  },
  {
    category: 2,
    title: "Terraform vs Pulumi after two years",
    content:
      "We moved from Terraform to Pulumi with TypeScript. Real loops and functions are great; state management is the same pain.",
  },
  {
    category: 2,
    title: "How do you run database migrations on deploy?",
    content:
      "Before the new version starts, as a separate job, or on application start-up? We have had a bad outage with the last option.",
  },
  {
    category: 2,
    title: "On-call rotation that doesn't burn people out",
    content:
      "We rotate weekly across six engineers with a follow-the-sun handover. Pages dropped once we deleted noisy alerts. What works for you?",
  },
  {
    category: 3,
    title: "SQLite in production: how far can it go?",
    content:
      "With WAL mode and a single writer we serve 2,000 requests a second from one SQLite file. When did you outgrow it, if ever?",
  },
  {
    category: 3,
    title: "Postgres index that made a query 400x faster",
    content:
      "A composite index on (category_id, created_at desc) turned a 2 s sort into 5 ms. EXPLAIN ANALYZE is your friend.\n\nShare your best index story.",
  },
  {
    category: 3,
    title: "UUIDs vs integer ids as primary keys",
    content: "UUIDv7 fixes the index locality problem of random UUIDs. Is there still a reason to prefer bigint ids?",
  },
  {
    category: 3,
    title: "Zero-downtime column rename",
    content:
      "Add the new column, dual-write, backfill, switch reads, drop the old column. Is there a shorter safe path?",
  },
  {
    category: 3,
    title: "Counting rows fast in a huge table",
    content:
      "count(*) on 100M rows takes seconds. Do you keep counters in a side table, use estimates, or something else?",
  },
  {
    category: 4,
    title: "Container queries changed how I build components",
    content:
      "Cards that adapt to their slot instead of the viewport make design systems so much simpler. Browser support is finally good.",
  },
  {
    category: 4,
    title: "Accessible focus styles that designers accept",
    content:
      "Our designers hate the default outline. :focus-visible with a two-colour ring has been a good compromise.",
  },
  {
    category: 4,
    title: "Dark mode: invert or design twice?",
    content:
      "We tried a filter-based invert and it looked awful on images. Now we maintain two palettes with CSS variables.",
  },
  {
    category: 4,
    title: "Is Tailwind still the default for new projects?",
    content: "Tailwind, CSS modules, or a component library like Mantine? What does your team pick in 2026 and why?",
  },
  {
    category: 4,
    title: "Designing empty states people understand",
    content:
      "An empty list should say what belongs there and offer the action that fills it. Share good examples you've seen.",
  },
  {
    category: 5,
    title: "How I prepared for system design interviews",
    content:
      "Three months, one design a week, written up and reviewed by a friend. The biggest lesson: ask about scale before drawing boxes.",
  },
  {
    category: 5,
    title: "Staff engineer: what does the job actually look like?",
    content: "Less code, more writing. I spend half my week on design docs and reviews. Is that typical?",
  },
  {
    category: 5,
    title: "Remote work after five years",
    content:
      "Async by default, a weekly video call, and an office visit each quarter. It works for us. What doesn't work for you?",
  },
  {
    category: 5,
    title: "Moving from backend to frontend mid-career",
    content: "After eight years of Java I'm moving to a frontend role. Which fundamentals should I brush up on first?",
  },
  {
    category: 5,
    title: "Side projects and burnout",
    content:
      "I used to code every evening. Now I take weekends off completely and I'm more productive at work. Anyone else?",
  },
  {
    category: 6,
    title: "Best laptop for development in 2026?",
    content: "Need 32 GB RAM, a good keyboard and a screen that doesn't hurt. Linux support is a must.",
  },
  {
    category: 6,
    title: "My home lab: three mini PCs and a NAS",
    content:
      "Proxmox cluster on three N100 boxes, about 30 W at idle. Runs Home Assistant, a media server and CI runners.",
  },
  {
    category: 6,
    title: "Split keyboards: worth learning?",
    content:
      "Two weeks in, typing speed is back to normal and my wrists feel better. The thumb cluster takes getting used to.",
  },
  {
    category: 6,
    title: "Raspberry Pi 5 as a small web server",
    content:
      "With an NVMe hat it serves a static site and a small API at 1,500 requests a second. Good enough for hobby projects.",
  },
  {
    category: 6,
    title: "ECC memory for a workstation: necessary?",
    content: "Building a workstation for compiling and VMs. Is ECC worth the platform cost outside of servers?",
  },
  {
    category: 0,
    title: "Vitest or the Node test runner?",
    content: "node --test has come a long way. Is there still a reason to add Vitest to a back-end only project?",
  },
  {
    category: 3,
    title: "Choosing SQLite pragmas for a web app",
    content: "journal_mode=WAL, synchronous=NORMAL, foreign_keys=ON and a busy timeout. Anything else you always set?",
  },
  {
    category: 2,
    title: "Structured logging: what fields do you always include?",
    content:
      "Request id, user id, route, status and duration. Stack traces only for 5xx. What else saved you during an incident?",
  },
  {
    category: 1,
    title: "FastAPI vs Django for a new JSON API",
    content:
      "FastAPI feels lighter, Django has the admin and the ORM. For a small team starting today, which would you choose?",
  },
];

export const DEMO_REPLIES = [
  "Great question. We went through the same thing last year.",
  "This matches my experience exactly.",
  "I disagree a little: it depends a lot on the team size.",
  "Thanks for sharing, bookmarking this thread.",
  "We measured it and the difference was smaller than expected.",
  "Have you tried doing it incrementally? That worked well for us.",
  "The documentation covers this now, see the migration guide.",
  "Same here. The first week was painful, then it clicked.",
  "Could you share the numbers? I'd love to compare with our setup.",
  "Strongly recommend writing a small proof of concept first.",
  "We did the opposite and don't regret it.",
  "+1, and don't forget to monitor it after the switch.",
  "This saved me hours today, thank you!",
  "I'd be careful with that in production without tests around it.",
  "Interesting. How does it behave under load?",
];

export const DEMO_ADS = [
  {
    title: "DevTools Pro",
    content: "Ship faster with DevTools Pro: profiling, tracing and logs in one place. Free for open source.",
    type: "text",
    placement: "sidebar",
    dimensions: "300x250",
  },
  {
    title: "CloudHost",
    // Its colours by light-dark(): the ad frame takes the page's colour scheme, so the ad follows
    // the forum's dark theme instead of being a bright box in it.
    content:
      '<div style="font-family:sans-serif;padding:12px;background:light-dark(#eef2ff,#1e1b4b);color:light-dark(#1e1b4b,#e0e7ff);border-radius:8px"><strong>CloudHost</strong><p>Managed SQLite and Postgres from $5/month.</p></div>',
    type: "custom",
    placement: "between-posts",
    dimensions: "728x90",
  },
] as const;
