// Word lists of the synthetic (benchmark) forum: enough variety that titles, bodies and names
// look like a technology forum's, and text lengths are realistic. Kept as strings split once.

function words(text: string, separator = " "): readonly string[] {
  return text.split(separator);
}

export const FUNCTION_WORDS: readonly string[] = /* @__PURE__ */ words(
  "the a an to of and in on for with that this it is was be are but not or if when then so as at by " +
    "from we I you they our my your their there here just also still only more less very really about " +
    "after before into over because which what how why every some any no all most each other than",
);

/** Technology nouns, verbs, adjectives and everyday nouns. */
export const CONTENT_WORDS: readonly string[] = /* @__PURE__ */ words(
  "TypeScript JavaScript Node React Vue Svelte Rust Go Python Kotlin Swift Java PostgreSQL SQLite MySQL " +
    "Redis Kafka Docker Kubernetes Terraform Linux nginx GraphQL REST tRPC WebSocket HTTP TLS DNS CDN " +
    "WASM CSS HTML Vite webpack esbuild ESLint Biome Git GitHub CI pipeline container cluster server " +
    "client browser database index query schema migration transaction cache queue worker thread process " +
    "memory heap stack compiler runtime framework library package module dependency release version " +
    "branch commit merge deploy rollback build test benchmark profiler latency throughput bottleneck " +
    "endpoint request response header cookie session token password hash certificate proxy load balancer " +
    "replica shard backup snapshot log metric trace alert dashboard incident outage API SDK CLI editor " +
    "terminal keyboard monitor laptop desktop GPU CPU SSD router network firewall VPN run build ship " +
    "deploy debug refactor migrate optimize cache index test profile measure upgrade install configure " +
    "rewrite review split bundle compile parse render hydrate stream batch retry scale monitor benchmark " +
    "document automate replace remove switch try learn fix break reproduce compare choose prefer avoid " +
    "recommend use fast slow new old simple complex stable flaky strict loose typed async lazy eager " +
    "small large cheap expensive secure broken clean messy modern legacy production staging local remote " +
    "shared team project startup company job interview career salary manager developer engineer designer " +
    "user customer feature bug issue fix workaround idea question answer problem solution approach " +
    "pattern tradeoff decision week month year weekend morning night hour",
);

export const TITLE_OPENERS: readonly string[] = /* @__PURE__ */ words(
  "How do you|Why does|Is it worth|What is the best way to|Help:|Show and tell:|Anyone else seeing|" +
    "Thoughts on|Best practices for|Question about|Finally managed to|Struggling with|Comparing|" +
    "Lessons learned from|Should I|Tips for|Ask me anything about|A guide to|Moving from|Why we stopped",
  "|",
);

export const FIRST_NAMES: readonly string[] = /* @__PURE__ */ words(
  "Ada Alan Grace Linus Margaret Dennis Ken Barbara Guido Anders Brendan Yukihiro Rich Sophie Hedy " +
    "Katherine Frances Radia Tim Vint Bjarne James Niklaus Edsger Donald John Leslie Shafi Silvio " +
    "Whitfield Joan Mary Karen Adele Jean Evelyn Annie Lynn Susan Carol Dorothy Elena Marco Priya Arjun " +
    "Mei Hiro Olga Ivan Lars Ingrid Fatima Omar Lucia Mateo Chloe Noah Amara Kofi Zara",
);

export const LAST_NAMES: readonly string[] = /* @__PURE__ */ words(
  "Lovelace Turing Hopper Torvalds Hamilton Ritchie Thompson Liskov Rossum Hejlsberg Eich Matsumoto " +
    "Hickey Wilson Lamarr Johnson Allen Perlman Lee Cerf Stroustrup Gosling Wirth Dijkstra Knuth McCarthy " +
    "Lamport Goldwasser Micali Diffie Clarke Keller Jones Goldberg Sammet Berezin Easley Conway Kare Shaw " +
    "Vaughan Petrova Rossi Sharma Patel Chen Tanaka Ivanova Smirnov Larsen Berg Haddad Nasser Garcia " +
    "Lopez Martin Okafor Mensah Asante Khan",
);

export const LOCATIONS: readonly string[] = /* @__PURE__ */ words(
  "London, UK|Berlin, Germany|Paris, France|Lisbon, Portugal|Madrid, Spain|Rome, Italy|" +
    "Amsterdam, Netherlands|Stockholm, Sweden|Warsaw, Poland|Prague, Czechia|Dublin, Ireland|" +
    "New York, USA|San Francisco, USA|Austin, USA|Toronto, Canada|Vancouver, Canada|Mexico City, Mexico|" +
    "São Paulo, Brazil|Buenos Aires, Argentina|Lagos, Nigeria|Nairobi, Kenya|Cairo, Egypt|" +
    "Bangalore, India|Singapore|Tokyo, Japan|Seoul, South Korea|Sydney, Australia|Auckland, New Zealand",
  "|",
);

/** Thirty categories: name, description. */
export const SYNTHETIC_CATEGORIES = [
  ["JavaScript", "Browsers, Node.js and the npm ecosystem."],
  ["TypeScript", "Types, generics, compiler options and tooling."],
  ["Python", "Scripting, data science, web back ends and packaging."],
  ["Rust", "Ownership, async, crates and systems programming."],
  ["Go", "Goroutines, modules and services in Go."],
  ["Java and Kotlin", "The JVM, Spring, Android and build tools."],
  ["C and C++", "Compilers, memory, performance and embedded work."],
  ["Databases", "SQL, NoSQL, indexing, migrations and query tuning."],
  ["DevOps", "CI/CD, containers, infrastructure as code and on-call life."],
  ["Cloud", "AWS, GCP, Azure and the bills that come with them."],
  ["Security", "Authentication, vulnerabilities and hardening."],
  ["Web Design", "CSS, accessibility, UX and design systems."],
  ["Frontend Frameworks", "React, Vue, Svelte, Angular and friends."],
  ["Mobile", "iOS, Android and cross-platform apps."],
  ["Machine Learning", "Models, training, inference and MLOps."],
  ["Data Engineering", "Pipelines, warehouses, streaming and batch jobs."],
  ["Testing", "Unit, integration and end-to-end testing."],
  ["Performance", "Profiling, benchmarks and making things fast."],
  ["Open Source", "Maintaining, contributing and licensing."],
  ["Career", "Interviews, growth, remote work and team culture."],
  ["Hardware", "Laptops, home labs, keyboards and single-board computers."],
  ["Linux", "Distributions, shells, kernels and the desktop."],
  ["Networking", "DNS, TCP, HTTP/3 and everything in between."],
  ["Game Development", "Engines, graphics and game jams."],
  ["Embedded", "Microcontrollers, firmware and real-time systems."],
  ["Architecture", "Monoliths, services, events and trade-offs."],
  ["Tools and Editors", "Editors, terminals, dotfiles and productivity."],
  ["Show and Tell", "Projects you built and want to share."],
  ["Help Wanted", "Stuck? Ask here."],
  ["Off Topic", "Everything else."],
] as const;
