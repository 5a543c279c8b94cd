// Demo questions about languages and the job: Rust, Go, Python, machine learning and careers.
import { md, type DemoQuestion } from "./types";

export const languageQuestions: DemoQuestion[] = [
  {
    key: "rust-borrow-cache",
    by: "lukas",
    title: "cannot borrow `self.cache` as mutable because it is also borrowed as immutable",
    tags: ["rust"],
    daysAgo: 57.2,
    views: 288,
    body: md`
      A small memoizing parser. This doesn't compile:

      ~~~rust
      struct Parser {
          cache: HashMap<String, Node>,
      }

      impl Parser {
          fn get(&mut self, key: &str) -> &Node {
              if let Some(node) = self.cache.get(key) {
                  return node;
              }
              let node = self.parse(key);
              self.cache.insert(key.to_string(), node);
              self.cache.get(key).unwrap()
          }
      }
      ~~~

      ~~~text
      error[E0502]: cannot borrow \`self.cache\` as mutable because it is also borrowed as immutable
      ~~~

      The early return should end the borrow, shouldn't it?
    `,
    ai: {
      text: md`
        Logically yes, and a future borrow checker (Polonius) accepts this. Today's checker sees that the reference from \`self.cache.get(key)\` may be *returned*, so the borrow must last for the whole rest of the function, including the \`insert\` below. This is the well-known "conditional return of a borrow" limitation (NLL problem case #3).

        Use the entry API, which does the lookup and the insert with a single mutable borrow:

        ~~~rust
        fn get(&mut self, key: &str) -> &Node {
            if !self.cache.contains_key(key) {
                let node = self.parse(key);
                self.cache.insert(key.to_string(), node);
            }
            &self.cache[key]
        }
        ~~~

        or, if \`parse\` doesn't need \`&mut self\`:

        ~~~rust
        fn get(&mut self, key: &str) -> &Node {
            self.cache
                .entry(key.to_string())
                .or_insert_with(|| parse(key))
        }
        ~~~

        The first version does two lookups on a miss, which is usually negligible. The second allocates the \`String\` key even on a hit; if that matters, check with \`contains_key\` first or use \`hashbrown\`'s \`entry_ref\`.
      `,
    },
    answers: [
      {
        by: "daniel",
        after: 6,
        text: md`
          I hit the same thing in a config loader. Splitting \`parse\` into a free function that takes only what it needs (not \`&mut self\`) made the \`entry\` version compile, and the code got clearer too, since \`parse\` never needed the cache.
        `,
        comments: [
          {
            by: "lukas",
            after: 45,
            text: "Same here: parse only needed the grammar, not the cache. Moved it out, entry() works. Thanks!",
          },
        ],
      },
    ],
  },
  {
    key: "val-loss-rising",
    by: "priya",
    title: "Validation loss rises after epoch 3 while training loss keeps falling: overfitting or leakage?",
    tags: ["machine-learning", "python"],
    daysAgo: 51.0,
    views: 295,
    body: md`
      Fine-tuning a BERT-style model for query classification (14 classes, 80k labelled queries):

      | epoch | train loss | val loss | val accuracy |
      |------:|-----------:|---------:|-------------:|
      | 1 | 0.91 | 0.62 | 0.81 |
      | 2 | 0.48 | 0.49 | 0.85 |
      | 3 | 0.29 | 0.47 | 0.86 |
      | 4 | 0.17 | 0.55 | 0.86 |
      | 5 | 0.09 | 0.68 | 0.85 |

      Accuracy barely moves while val loss climbs. Is this plain overfitting? Should I worry that validation accuracy is *that* good from epoch 1?
    `,
    ai: {
      text: md`
        The pattern after epoch 3 is classic overfitting, and it's also **overconfidence**: validation loss (cross-entropy) punishes confident mistakes heavily, so it can rise while accuracy stays flat. The model is getting more certain, not more wrong.

        Practical steps:

        1. **Early stopping on validation loss** (or keep the epoch-3 checkpoint). For fine-tuning pretrained transformers, 2-4 epochs is typical.
        2. **Regularise**: lower learning rate (2e-5 rather than 5e-5), weight decay 0.01, warm-up of ~6% of steps, label smoothing 0.1.
        3. **Check calibration**: a reliability diagram or expected calibration error will show the overconfidence directly; temperature scaling on the validation set fixes most of it after training.

        On the strong epoch-1 accuracy: it's plausible for a pretrained model, but do check leakage, because query data is prone to it:

        ~~~python
        train_q = set(train_df["query"].str.lower().str.strip())
        dupes = val_df["query"].str.lower().str.strip().isin(train_q)
        print(f"{dupes.mean():.1%} of validation queries also appear in training")
        ~~~

        Near-duplicates (same query with different casing, typos or word order) are the usual culprits; split by user or session rather than by row if the same user issues similar queries.
      `,
    },
    answers: [
      {
        by: "james",
        after: 10,
        text: md`
          From my data engineering days: check the *split*, not just exact duplicates. We once had 30% of validation queries sharing a session with training queries. Grouped split by session dropped our "accuracy" by 6 points, which was the honest number.
        `,
        comments: [
          {
            by: "priya",
            after: 60,
            text: "Ran the check: 11% exact duplicates after normalisation. Re-splitting by session now.",
            replies: [
              { by: "james", after: 30, text: "Curious what the honest accuracy turns out to be." },
              { by: "priya", after: 2900, text: "0.82 with a session split, and val loss bottoms out at epoch 2. Much more believable." },
            ],
          },
        ],
      },
    ],
  },
  {
    key: "goroutine-leak",
    by: "marcus",
    title: "Goroutine leak when a request times out before the worker sends its result",
    tags: ["go"],
    daysAgo: 48.3,
    views: 260,
    body: md`
      The number of goroutines in one service grows steadily (pprof shows thousands stuck in \`chan send\`):

      ~~~go
      func fetch(ctx context.Context, id string) (*Item, error) {
          ch := make(chan *Item)
          go func() {
              ch <- slowLookup(id)
          }()
          select {
          case item := <-ch:
              return item, nil
          case <-ctx.Done():
              return nil, ctx.Err()
          }
      }
      ~~~

      I see why it leaks when the context wins, but what's the idiomatic fix?
    `,
    ai: {
      text: md`
        When \`ctx.Done()\` wins, nobody ever receives from \`ch\`, so the goroutine blocks forever on \`ch <- ...\`. Two fixes, best first:

        **1. Pass the context down**, so the slow work itself stops:

        ~~~go
        func fetch(ctx context.Context, id string) (*Item, error) {
            return slowLookup(ctx, id) // uses ctx for its own I/O
        }
        ~~~

        No goroutine, no channel. Most of the time this is possible, because the slow part is a network or database call that accepts a context.

        **2. If you can't, use a buffered channel** with capacity 1, so the send always completes even if nobody is listening:

        ~~~go
        ch := make(chan *Item, 1)
        go func() { ch <- slowLookup(id) }()
        ~~~

        The goroutine still runs to completion, but it exits afterwards and the value is garbage-collected.

        To catch this class of bug in tests, use \`go.uber.org/goleak\`:

        ~~~go
        func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
        ~~~
      `,
    },
    answers: [
      {
        by: "lukas",
        after: 4,
        text: md`
          goleak in \`TestMain\` is the real lesson here. We added it to every package and found four more leaks in a week, all the same shape.
        `,
      },
      {
        by: "sofia",
        after: 12,
        text: md`
          From the ops side, export \`runtime.NumGoroutine()\` as a gauge and alert on its growth rate. A slow leak like this is obvious on a 7-day graph long before it becomes an outage.
        `,
        comments: [
          { by: "marcus", after: 90, text: "We had the metric but no alert on it. Fixed both, thanks." },
        ],
      },
    ],
  },
  {
    key: "ic-to-manager",
    by: "james",
    title: "Moving from senior engineer to engineering manager: how did you know it was the right call?",
    tags: ["career"],
    daysAgo: 45.5,
    views: 720,
    body: md`
      I made the switch eight months ago and I'm still not sure it was right. I miss the feeling of finishing something. My team is doing well by every measure my director cares about.

      For those who switched (or switched back): what signals told you it was working, or that it wasn't?
    `,
    ai: {
      text: md`
        Many people describe the first year of management as feeling like a loss even when it goes well, because the feedback loop changes from hours (a merged PR) to months (a person growing, a team becoming reliable). Useful signals to look at deliberately:

        **Signs it's working for you**
        - You get real satisfaction from someone on your team solving a problem you would once have solved yourself.
        - You find yourself curious about team dynamics, hiring and planning, not just tolerating them.
        - Your energy at the end of a week is neutral or good, not consistently drained.

        **Signs it may not be**
        - You look for excuses to take tickets and feel relief when you do.
        - One-on-ones feel like an obligation after eight months, not a tool.
        - You'd take the same salary to go back without hesitation.

        Ways to test without a big decision:
        1. Keep a weekly note of what gave and drained energy; patterns show after 6-8 weeks.
        2. Ask your director openly about the path back; in healthy organisations it's a normal move, and knowing it exists lowers the pressure.
        3. Find the "finishing something" feeling in management work: a hiring loop, a planning process, an incident review you ran end to end.

        Switching back is a common, respected move; several well-known staff engineers have gone back and forth more than once.
      `,
    },
    answers: [
      {
        by: "daniel",
        after: 3,
        text: md`
          I went to management and back after two years. The signal for me: I kept volunteering for on-call. It was the only part of the week where I could *fix* something. Back as a staff engineer now and much happier, and the management years made me far better at it.
        `,
        comments: [
          {
            by: "james",
            after: 50,
            text: "Volunteering for on-call... I did that twice this quarter. Hmm.",
            replies: [{ by: "daniel", after: 10, text: "Not a verdict, just data. Write it down and see if it keeps happening." }],
          },
        ],
      },
      {
        by: "elena",
        after: 8,
        text: md`
          Eight months is early. For me the "finishing" feeling came back around month 14, when someone I'd hired led their first project end to end. It's a slower kind of finishing, but it's there.
        `,
      },
      {
        by: "maya",
        after: 30,
        text: md`
          As someone who's been managed by both kinds: the managers who stayed because they felt they *should* were noticeably worse than those who wanted it. Your team will be fine either way; pick what you'll be good at for five years.
        `,
      },
    ],
  },
  {
    key: "async-trait-send",
    by: "lukas",
    title: "Async fn in trait: future cannot be sent between threads safely when spawning with Tokio",
    tags: ["rust"],
    daysAgo: 40.0,
    views: 198,
    body: md`
      Since Rust 1.75 I can write \`async fn\` in traits without the \`async-trait\` crate:

      ~~~rust
      trait Store {
          async fn load(&self, id: u64) -> Result<Record, Error>;
      }

      async fn handle<S: Store + Sync + 'static>(store: Arc<S>) {
          tokio::spawn(async move {
              let r = store.load(1).await;
          });
      }
      ~~~

      ~~~text
      error: future cannot be sent between threads safely
      note: future is not \`Send\` as it awaits another future which is not \`Send\`
      ~~~

      How do I require the returned future to be \`Send\`?
    `,
    ai: {
      text: md`
        An \`async fn\` in a trait returns an anonymous future, and the trait doesn't promise anything about it, including \`Send\`. \`tokio::spawn\` needs \`Send\`. Ways to add the bound:

        **1. Declare it in the trait with return-position \`impl Trait\`:**

        ~~~rust
        trait Store {
            fn load(&self, id: u64) -> impl Future<Output = Result<Record, Error>> + Send;
        }

        impl Store for PgStore {
            async fn load(&self, id: u64) -> Result<Record, Error> {
                // an async fn still satisfies the signature, if its body is Send
                self.pool.fetch(id).await
            }
        }
        ~~~

        This is what the \`trait-variant\` crate generates for you:

        ~~~rust
        #[trait_variant::make(Store: Send)]
        trait LocalStore {
            async fn load(&self, id: u64) -> Result<Record, Error>;
        }
        ~~~

        **2. Return type notation** (\`S: Store<load(..): Send>\`) lets callers require it without changing the trait, but it's still unstable at the time of writing.

        **3. Keep \`async-trait\`** if you also need \`dyn Store\`: native async trait methods aren't dyn-compatible yet, while \`async-trait\` boxes the future (\`Pin<Box<dyn Future + Send>>\`), which works with trait objects.
      `,
    },
    answers: [],
  },
  {
    key: "pandas-groupby-slow",
    by: "priya",
    title: "pandas groupby().apply() is painfully slow on 20M rows: how do I vectorise this?",
    tags: ["python"],
    daysAgo: 38.5,
    views: 350,
    body: md`
      For each user I need the share of sessions that ended in a purchase within 7 days of their first session:

      ~~~python
      def conv(g):
          first = g["ts"].min()
          window = g[g["ts"] <= first + pd.Timedelta(days=7)]
          return window["purchased"].mean()

      result = df.groupby("user_id").apply(conv)
      ~~~

      ~3M users, 20M rows, and it runs for 25 minutes. How would you write it?
    `,
    ai: {
      text: md`
        \`groupby().apply()\` calls a Python function per group, 3 million times. Express the same logic with column operations, computed for all groups at once:

        ~~~python
        first = df.groupby("user_id")["ts"].transform("min")
        in_window = df["ts"] <= first + pd.Timedelta(days=7)

        result = (
            df.loc[in_window]
              .groupby("user_id")["purchased"]
              .mean()
        )
        ~~~

        \`transform("min")\` broadcasts each user's first timestamp back to every row, the window becomes a boolean mask, and the final \`mean()\` is a built-in aggregation running in C. Expect seconds rather than minutes.

        Further speed-ups if needed:

        - make sure \`ts\` is \`datetime64[ns]\`, not \`object\`, and \`user_id\` a compact integer or \`category\` dtype;
        - Polars runs the same query multi-threaded:

          ~~~python
          import polars as pl

          result = (
              pl.scan_parquet("sessions.parquet")
                .with_columns(first=pl.col("ts").min().over("user_id"))
                .filter(pl.col("ts") <= pl.col("first") + pl.duration(days=7))
                .group_by("user_id")
                .agg(pl.col("purchased").mean())
                .collect()
          )
          ~~~
      `,
      comments: [
        { by: "priya", after: 40, text: "25 minutes down to 11 seconds with the transform version. Polars: 2.4 seconds. Wow." },
      ],
    },
    answers: [
      {
        by: "daniel",
        after: 2,
        text: md`
          If the data already lives in Postgres, this is one query with a window function and you skip loading 20M rows into memory entirely:

          ~~~sql
          SELECT user_id, avg(purchased::int) AS conversion
          FROM (
            SELECT user_id, purchased, ts, min(ts) OVER (PARTITION BY user_id) AS first_ts
            FROM sessions
          ) s
          WHERE ts <= first_ts + interval '7 days'
          GROUP BY user_id;
          ~~~
        `,
      },
      {
        by: "james",
        after: 20,
        text: md`
          DuckDB over the Parquet files is another option that needs no server. Same SQL as Daniel's, and on a laptop it's about as fast as Polars.
        `,
      },
    ],
  },
  {
    key: "go-project-layout",
    by: "marcus",
    title: "How should a medium-sized Go service be laid out: is internal/ worth it?",
    tags: ["go"],
    daysAgo: 33.0,
    views: 420,
    body: md`
      Our Go service has grown to ~30k lines in a flat \`main\` package plus a \`utils\` package everyone imports. New people get lost.

      I've seen the "golang-standards/project-layout" repo but also people saying it's not official. What actually works for a single HTTP service with a database and a queue consumer?
    `,
    ai: {
      text: md`
        That repository isn't an official standard, and the Go team has said so. What works well for a single service is much smaller:

        ~~~text
        cmd/
          api/main.go        # wiring only: config, dependencies, start servers
          worker/main.go     # the queue consumer, same wiring style
        internal/
          orders/            # one package per domain area: types, logic, storage
          billing/
          platform/
            postgres/        # shared infrastructure: db pool, migrations
            httpserver/
        go.mod
        ~~~

        Guidelines that matter more than the exact tree:

        - **\`internal/\` is worth it**: the compiler stops other modules from importing those packages, so you can refactor freely.
        - **Package by domain, not by layer.** \`orders\` containing its handler, service and SQL beats \`handlers/\`, \`services/\`, \`repositories/\`, where every change touches three packages.
        - **Kill \`utils\`.** Move each helper next to its only user, or into a package named for what it does (\`money\`, \`retry\`).
        - **Accept interfaces where you consume them**, defined in the consuming package, small.
        - Keep \`main\` boring: read config, construct things, start them, wait for a signal.

        Migrate gradually: one domain at a time out of the flat package, starting with the most self-contained.
      `,
    },
    answers: [
      {
        by: "lukas",
        after: 7,
        text: md`
          "Package by domain" is the part that made the biggest difference for us. Our PR diffs went from touching five directories to one, and code review got noticeably faster.
        `,
      },
      {
        by: "daniel",
        after: 14,
        text: md`
          Also: let \`cmd/*/main.go\` be the *only* place that reads environment variables. Pass config structs down. It makes packages testable and you can find every setting in one file.
        `,
        comments: [
          { by: "marcus", after: 80, text: "We have `os.Getenv` in 40 files. This is going on the list." },
        ],
      },
    ],
  },
  {
    key: "leetcode-mid-level",
    by: "daniel",
    title: "How much algorithm practice is actually needed for mid-level backend interviews?",
    tags: ["career"],
    daysAgo: 31.6,
    views: 960,
    body: md`
      I'm mentoring two engineers who want to change jobs. One is grinding 3 hours of algorithm puzzles a day and burning out; the other refuses to do any.

      For mid-level backend roles (not the biggest tech companies), what does interview prep realistically look like now?
    `,
    ai: {
      text: md`
        It depends heavily on the company type, which is why your two mentees can both be partly right:

        | Company type | Typical loop | Algorithm weight |
        |---|---|---|
        | Large tech | 2-3 coding rounds, system design, behavioural | high |
        | Scale-ups | 1 coding round (practical), system design, take-home or pairing | medium |
        | Smaller companies, agencies | pairing on a realistic task, code review exercise | low |

        A balanced plan for mid-level backend roles, about 6-8 weeks at 1 hour a day:

        1. **Core patterns, not volume**: hash maps, two pointers, BFS/DFS, heaps, intervals, basic DP. 60-80 well-understood problems beat 400 memorised ones.
        2. **Practical coding**: build a small API with pagination, validation and tests under time pressure; that's what many scale-up loops actually test.
        3. **System design at mid-level depth**: a URL shortener, a rate limiter, a job queue; focus on data modelling, failure modes and trade-offs rather than drawing boxes.
        4. **Stories**: five concrete examples (a production incident, a disagreement, a project you led) in situation-action-result form.

        Ask each company about its format up front; most recruiters will tell you exactly what the rounds are.
      `,
    },
    answers: [
      {
        by: "james",
        after: 2,
        text: md`
          As a hiring manager: we don't ask puzzle questions at all. We pair on a small feature in a real-ish codebase for an hour. What fails candidates is not algorithms, it's not asking clarifying questions and not testing their own code.
        `,
        comments: [
          { by: "tom", after: 35, text: "Not testing their own code hurts to read, but it's true. It's the first thing I'd look at too." },
          {
            by: "daniel",
            after: 60,
            text: "This is useful for my second mentee; the pairing format suits him much better.",
          },
        ],
      },
      {
        by: "priya",
        after: 9,
        text: md`
          Counterpoint from someone who interviewed at large companies last year: the puzzle rounds are very real there, and pattern practice helped a lot. But 3 hours a day is too much. I did 45 minutes a day for two months and it was enough.
        `,
      },
      {
        by: "tom",
        after: 26,
        text: md`
          Tell the burnt-out one to do mock interviews with a friend instead of solo grinding. Explaining your thinking out loud is the actual skill being tested, and you can't practise that alone.
        `,
      },
    ],
  },
  {
    key: "embedding-finetune",
    by: "priya",
    title: "Fine-tune a small embedding model or use an off-the-shelf one for internal doc search?",
    tags: ["machine-learning"],
    daysAgo: 28.9,
    views: 240,
    body: md`
      We're building search over ~200k internal documents (runbooks, design docs, tickets). Off-the-shelf embeddings give OK results but miss our jargon: "BCP" means a batch control process here, not business continuity.

      We have about 3,000 query → relevant-document pairs from search logs. Is that enough to fine-tune, and is it worth it versus hybrid search?
    `,
    ai: {
      text: md`
        Do both, in this order:

        **1. Hybrid search first** (BM25 + embeddings, merged with reciprocal rank fusion). Keyword search handles exact jargon and identifiers ("BCP", ticket keys, service names) that embeddings blur. It's cheap and often closes most of the gap.

        **2. Build an evaluation set before fine-tuning.** Hold out ~500 of your 3,000 pairs and measure recall@10 and MRR for each setup. Without this you can't tell whether fine-tuning helped.

        **3. Then fine-tune a small model.** 3,000 pairs is enough for a noticeable domain improvement with a contrastive loss and in-batch negatives:

        ~~~python
        from sentence_transformers import SentenceTransformer, losses, InputExample
        from torch.utils.data import DataLoader

        model = SentenceTransformer("BAAI/bge-small-en-v1.5")
        train = [InputExample(texts=[q, doc]) for q, doc in pairs]
        loader = DataLoader(train, shuffle=True, batch_size=64)
        loss = losses.MultipleNegativesRankingLoss(model)
        model.fit(train_objectives=[(loader, loss)], epochs=2, warmup_steps=100)
        ~~~

        Larger batches give more in-batch negatives and usually better results. Mining hard negatives (documents that BM25 ranks high but aren't relevant) helps further.

        Finally, consider a cross-encoder re-ranker over the top 50 results; for internal search it frequently gives the largest single improvement.
      `,
    },
    answers: [],
  },
  {
    key: "arc-mutex-channels",
    by: "lukas",
    title: "When should I reach for Arc<Mutex<T>> versus channels in Tokio?",
    tags: ["rust"],
    daysAgo: 23.3,
    views: 270,
    body: md`
      I'm writing a service that keeps per-connection state and a shared routing table. Half the examples online use \`Arc<Mutex<HashMap<..>>>\`, the other half spawn an "actor" task and talk to it over \`mpsc\`.

      Are there clear criteria, or is it taste?
    `,
    ai: {
      text: md`
        Some criteria are fairly clear:

        **\`Arc<Mutex<T>>\` (often \`std::sync::Mutex\`) fits when**
        - critical sections are short and never \`.await\` while holding the lock;
        - the state is simple data (a map, counters) and callers need a synchronous answer;
        - contention is low to moderate. For read-heavy data, \`RwLock\`, \`arc-swap\` or \`dashmap\` may fit better.

        **An actor (task + channel) fits when**
        - operations involve I/O or awaits on the state's behalf (holding a connection, talking to a backend);
        - you want ordering or back-pressure (bounded channel) for free;
        - the state has a lifecycle of its own (reconnects, timers, shutdown).

        ~~~rust
        enum Cmd {
            Lookup { key: String, reply: oneshot::Sender<Option<Route>> },
            Update { key: String, route: Route },
        }

        async fn routing_actor(mut rx: mpsc::Receiver<Cmd>) {
            let mut table = HashMap::new();
            while let Some(cmd) = rx.recv().await {
                match cmd {
                    Cmd::Lookup { key, reply } => { let _ = reply.send(table.get(&key).cloned()); }
                    Cmd::Update { key, route } => { table.insert(key, route); }
                }
            }
        }
        ~~~

        For a routing table read on every request and rarely updated, \`arc-swap\` (readers never block, writers swap in a new table) is often the best of both. Use \`tokio::sync::Mutex\` only when you truly must hold the lock across an \`.await\`.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 11,
        text: md`
          Coming from Go, where "share memory by communicating" is gospel: in Rust I ended up using a plain \`Mutex\` far more than I expected. Actors shine for things with I/O and lifecycles; for a map, a mutex is simpler and faster.
        `,
        comments: [
          {
            by: "lukas",
            after: 30,
            text: "Going with arc-swap for the routing table and an actor for each upstream connection. Feels right.",
          },
        ],
      },
    ],
  },
  {
    key: "asyncio-gather",
    by: "priya",
    title: "asyncio.gather keeps running the other tasks when one fails: how do I cancel the rest?",
    tags: ["python"],
    daysAgo: 15.3,
    views: 220,
    body: md`
      ~~~python
      results = await asyncio.gather(
          fetch_features(user_id),
          fetch_history(user_id),
          fetch_embeddings(user_id),
      )
      ~~~

      When \`fetch_features\` raises, the exception propagates, but the other two keep running in the background (I can see their requests in the logs). I want all-or-nothing.
    `,
    ai: {
      text: md`
        That's documented \`gather\` behaviour: the first exception propagates, but the remaining awaitables are **not** cancelled. Since Python 3.11, \`asyncio.TaskGroup\` gives exactly the all-or-nothing semantics you want:

        ~~~python
        async with asyncio.TaskGroup() as tg:
            features = tg.create_task(fetch_features(user_id))
            history = tg.create_task(fetch_history(user_id))
            embeddings = tg.create_task(fetch_embeddings(user_id))

        # Only reached if all three succeeded.
        return features.result(), history.result(), embeddings.result()
        ~~~

        If any task fails, the group cancels the others, waits for them to finish cancelling, and raises an \`ExceptionGroup\`. Handle it with \`except*\`:

        ~~~python
        try:
            ...
        except* httpx.HTTPError as eg:
            log.warning("upstream failed: %s", eg.exceptions)
            raise
        ~~~

        Make sure your coroutines handle \`CancelledError\` correctly: don't swallow it, and close clients in \`finally\` blocks. On Python before 3.11, \`anyio\`'s task groups offer the same semantics.
      `,
    },
    answers: [
      {
        by: "lukas",
        after: 3,
        prompt: "Compare this with how Rust's tokio handles the same all-or-nothing pattern.",
        text: md`
          For comparison, Tokio's \`try_join!\` has the same all-or-nothing behaviour: when one future returns an error, the others are dropped, and dropping a future cancels it.

          ~~~rust
          let (features, history, embeddings) = tokio::try_join!(
              fetch_features(user_id),
              fetch_history(user_id),
              fetch_embeddings(user_id),
          )?;
          ~~~

          The difference is that Rust cancellation is just "stop polling and drop", so there's no \`CancelledError\` to handle, but also no chance to run async cleanup; cleanup happens in \`Drop\`.
        `,
      },
      {
        by: "daniel",
        after: 18,
        text: md`
          TaskGroup fixed a connection-pool exhaustion bug for us: orphaned tasks from \`gather\` were holding connections after the request had already failed.
        `,
      },
    ],
  },
  {
    key: "go-generics-numeric",
    by: "marcus",
    title: "Go generics: a constraint for 'any numeric type' without reflection",
    tags: ["go"],
    daysAgo: 11.2,
    views: 150,
    body: md`
      I want one \`Sum\` function for our metrics package that works on \`int\`, \`int64\`, \`float64\` and our own \`type Millis int64\`:

      ~~~go
      func Sum[T any](xs []T) T {
          var total T
          for _, x := range xs {
              total += x // invalid operation: operator + not defined on x
          }
          return total
      }
      ~~~

      Is there a built-in constraint for this?
    `,
    ai: {
      text: md`
        There's no built-in "numeric" constraint in the language, but you can declare one with a union of approximate types. The \`~\` makes it accept named types such as \`Millis\` whose underlying type is in the list:

        ~~~go
        type Number interface {
            ~int | ~int8 | ~int16 | ~int32 | ~int64 |
                ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
                ~float32 | ~float64
        }

        func Sum[T Number](xs []T) T {
            var total T
            for _, x := range xs {
                total += x
            }
            return total
        }

        type Millis int64
        var total = Sum([]Millis{120, 80, 45}) // Millis(245)
        ~~~

        The standard library's \`cmp.Ordered\` covers ordering (\`<\`, \`>\`) but also includes \`~string\`, so it isn't suitable for arithmetic. \`golang.org/x/exp/constraints\` has \`Integer\` and \`Float\`, which you can combine: \`constraints.Integer | constraints.Float\`.

        Watch integer overflow: \`Sum\` over \`[]int8\` wraps silently; for metrics you may want to accumulate in \`float64\` or \`int64\` instead of \`T\`.
      `,
    },
    answers: [],
  },
  {
    key: "promotion-packet",
    by: "james",
    title: "How do you write a promotion packet without it reading like bragging?",
    tags: ["career"],
    daysAgo: 9.9,
    views: 410,
    body: md`
      I'm writing promotion cases for two engineers on my team, and one of them has to write a self-assessment as part of it. She's very uncomfortable "selling herself" and her draft undersells a project that saved us a quarter of our cloud bill.

      Any structures or phrasing that help people describe impact honestly without feeling like they're bragging?
    `,
    ai: {
      text: md`
        Framing it as **evidence** rather than self-promotion helps most people: the committee needs facts to make a fair decision, and leaving them out makes their job harder.

        A structure that works well for each project:

        1. **Context**: what the situation was and why it mattered (one or two sentences).
        2. **What *you* did**: decisions, not just tasks; "I proposed", "I designed", "I convinced".
        3. **Result, with numbers**: "reduced monthly cloud spend from $84k to $63k (-25%)".
        4. **Scope and influence**: who else changed what they did because of your work.
        5. **Evidence**: links to the design doc, the dashboard, quotes from peers.

        Phrasing tips:

        - Replace adjectives with numbers: "significant savings" → "$250k per year".
        - Keep "we" for the team's work and use "I" for your part; both in the same paragraph is normal and honest.
        - Let others say the superlatives: peer feedback can call the work "outstanding"; your own text just states what happened.

        As her manager, you can also ask her to write the draft "as if describing a colleague's project"; many people find that removes the discomfort.
      `,
    },
    answers: [
      {
        by: "sofia",
        after: 4,
        text: md`
          The "describe it as if it were a colleague's project" trick works. I did it for my own senior packet, then changed the name back to "I" at the end. The numbers stayed the same, only my feelings about them changed.
        `,
      },
      {
        by: "elena",
        after: 13,
        text: md`
          Also keep a "brag document" all year: a running list of what you shipped, with links, updated every Friday. Writing the packet becomes copy-and-edit instead of trying to remember a year of work in one evening.
        `,
        comments: [
          { by: "james", after: 25, text: "Introducing brag docs to the whole team next quarter. Thank you." },
          { by: "maya", after: 240, text: "Started one last year. It also made my 1:1s much better, not just promotions." },
        ],
      },
    ],
  },
  {
    key: "fp16-gradients",
    by: "priya",
    title: "Loss becomes NaN after switching training from fp32 to fp16 mixed precision",
    tags: ["machine-learning", "python"],
    daysAgo: 7.1,
    views: 130,
    body: md`
      Training was stable in fp32. With \`torch.autocast(dtype=torch.float16)\` the loss goes to \`nan\` after ~300 steps:

      ~~~python
      with torch.autocast("cuda", dtype=torch.float16):
          loss = model(batch).loss
      loss.backward()
      optimizer.step()
      ~~~

      GPU is a T4, so bf16 isn't really an option. What am I missing?
    `,
    ai: {
      text: md`
        You're missing **loss scaling**. fp16 has a narrow range: small gradients underflow to zero and large activations overflow to \`inf\`, which turns into \`nan\`. \`GradScaler\` multiplies the loss before backward and unscales before the optimizer step, skipping steps that produce \`inf\`:

        ~~~python
        scaler = torch.amp.GradScaler("cuda")

        for batch in loader:
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = model(batch).loss
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)                       # so clipping sees real values
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
        ~~~

        If it still diverges:

        - look for operations that overflow in fp16 (a custom softmax or log without autocast's fp32 fallback, large attention logits); wrap them with \`torch.autocast("cuda", enabled=False)\` and cast inputs to \`float32\`;
        - lower the learning rate or lengthen warm-up; fp16 is less forgiving of early spikes;
        - enable \`torch.autograd.set_detect_anomaly(True)\` briefly to find the first op producing \`nan\`.
      `,
    },
    answers: [
      {
        by: "james",
        after: 5,
        prompt: "Summarise the checks to run, in order, when fp16 training produces NaN.",
        text: md`
          Checks, in order:

          1. Is a \`GradScaler\` in use, and is \`scaler.update()\` called every step?
          2. Is gradient clipping applied **after** \`scaler.unscale_()\`?
          3. Does \`scaler.get_scale()\` collapse towards zero? That means every step overflows; find the op.
          4. Are there custom ops (softmax, log, exp, norms) running in fp16? Force fp32 for them.
          5. Is the learning rate warm-up long enough?
          6. Does the same batch reproduce the \`nan\` in fp32? If yes, it's not a precision problem.
        `,
        comments: [
          {
            by: "priya",
            after: 50,
            text: "It was #1: I had the scaler in the config but the training loop never used it. Running fine for 5k steps now.",
            editedAfter: 6,
          },
        ],
      },
    ],
  },
];
