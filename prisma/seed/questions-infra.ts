// Demo questions about infrastructure: PostgreSQL, Docker, Kubernetes, CI/CD and security operations.
import { md, type DemoQuestion } from "./types";

export const infraQuestions: DemoQuestion[] = [
  {
    key: "pg-index-order-by",
    by: "daniel",
    title: "Why does Postgres ignore my index on created_at when I add ORDER BY ... LIMIT?",
    tags: ["postgresql"],
    daysAgo: 58.6,
    views: 412,
    body: md`
      We have an \`events\` table with about 40 million rows and an index on \`created_at\`. This query takes 9 seconds:

      ~~~sql
      SELECT * FROM events
      WHERE account_id = 4711
      ORDER BY created_at DESC
      LIMIT 20;
      ~~~

      The plan:

      ~~~text
      Limit  (cost=0.56..1893.40 rows=20 width=212) (actual time=9012.331..9012.402 rows=20 loops=1)
        ->  Index Scan Backward using events_created_at_idx on events  (cost=0.56..3782113.90 rows=39960 width=212)
              Filter: (account_id = 4711)
              Rows Removed by Filter: 31877410
      ~~~

      There is also an index on \`account_id\` alone. Why does it walk the \`created_at\` index and throw away 31 million rows?
    `,
    ai: {
      text: md`
        The planner *is* using your index, just the wrong one for this query. With \`ORDER BY created_at DESC LIMIT 20\` it reasons: "walk \`created_at\` backwards and stop after 20 matching rows". It estimates 39,960 matching rows spread evenly over the table, so it expects to find 20 of them quickly. In reality account 4711's events are old (or clustered), so it scans 31 million rows first.

        The fix is an index that serves both the filter and the order:

        ~~~sql
        CREATE INDEX CONCURRENTLY events_account_created_idx
          ON events (account_id, created_at DESC);
        ~~~

        With it, Postgres jumps straight to account 4711's newest entry and reads 20 index entries:

        ~~~text
        Limit  (actual time=0.041..0.089 rows=20 loops=1)
          ->  Index Scan using events_account_created_idx on events
                Index Cond: (account_id = 4711)
        ~~~

        Afterwards the single-column \`account_id\` index is probably redundant (the composite index's leading column covers it), and you can drop it to save write overhead.

        If you can't add an index right away, \`ORDER BY created_at + interval '0' DESC\` stops the planner from using the \`created_at\` index for ordering, but treat that as a temporary hack.
      `,
      comments: [
        {
          by: "daniel",
          after: 30,
          text: "The composite index brought it from 9 s to 0.3 ms. I feel slightly silly.",
          replies: [
            {
              by: "sofia",
              after: 45,
              text: "Don't. The 'walk the order index and filter' plan bites everyone once. At least it was on a LIMIT 20 and not in a cron job.",
            },
          ],
        },
      ],
    },
    answers: [
      {
        by: "marcus",
        after: 2,
        text: md`
          Composite index is the fix. For the *why* it guessed so badly: check \`pg_stats\` for \`account_id\`. If 4711 is not in \`most_common_vals\`, the estimate comes from the average, which is useless for skewed tenants.

          ~~~sql
          SELECT n_distinct, most_common_vals, most_common_freqs
          FROM pg_stats WHERE tablename = 'events' AND attname = 'account_id';
          ~~~

          Raising the statistics target for that column helps the estimates for your biggest accounts:

          ~~~sql
          ALTER TABLE events ALTER COLUMN account_id SET STATISTICS 1000;
          ANALYZE events;
          ~~~
        `,
      },
      {
        by: "sofia",
        after: 5,
        prompt: "Explain how to roll this index out safely on a busy production table.",
        text: md`
          Rolling out a new index on a large, busy table:

          1. Use \`CREATE INDEX CONCURRENTLY\`; it doesn't block writes, but it can't run inside a transaction, so run it outside your migration tool's transaction wrapper.
          2. Set \`statement_timeout = 0\` for that session only; a 40M-row build takes minutes.
          3. Watch for an **invalid** index if the build fails: \`SELECT indexrelid::regclass FROM pg_index WHERE NOT indisvalid;\` and drop it before retrying.
          4. Check replication lag during the build if you have replicas.
          5. Only drop the old index after a day of \`pg_stat_user_indexes.idx_scan\` showing it unused.
        `,
        comments: [
          { by: "daniel", after: 90, text: "Point 3 saved me. The first attempt hit a deadlock and left an invalid index behind." },
        ],
      },
    ],
  },
  {
    key: "oom-killed-jvm",
    by: "sofia",
    title: "Pod keeps getting OOMKilled although the JVM heap is capped at 512Mi",
    tags: ["kubernetes", "devops"],
    group: "platform",
    daysAgo: 52.8,
    views: 377,
    body: md`
      A Spring Boot service restarts a few times a day with \`OOMKilled\` (exit code 137). The container limit is 768Mi and the heap is capped:

      ~~~yaml
      resources:
        requests: { memory: 768Mi, cpu: 250m }
        limits:   { memory: 768Mi }
      env:
        - name: JAVA_TOOL_OPTIONS
          value: "-Xmx512m"
      ~~~

      \`kubectl top pod\` shows ~700Mi right before the kill. Where do the other 200Mi come from if the heap can't grow past 512?
    `,
    ai: {
      text: md`
        The heap is only part of a JVM's memory. The container limit counts everything the process uses:

        - **Metaspace** (class metadata): often 100-200 MiB for a Spring Boot app;
        - **Thread stacks**: ~1 MiB each; 200 Tomcat threads is 200 MiB of reserved (though not all resident) stack;
        - **Code cache** (JIT-compiled code): up to 240 MiB by default;
        - **Direct buffers** (Netty, NIO), GC structures, and the C heap (glibc malloc arenas).

        512 MiB heap + everything else easily exceeds 768 MiB.

        What to do:

        1. Size the heap as a fraction of the limit instead of a fixed value, and cap the rest:

           ~~~yaml
           env:
             - name: JAVA_TOOL_OPTIONS
               value: >-
                 -XX:MaxRAMPercentage=60
                 -XX:MaxMetaspaceSize=192m
                 -XX:ReservedCodeCacheSize=96m
                 -XX:MaxDirectMemorySize=64m
                 -Xss512k
           ~~~

        2. Measure instead of guessing: start with \`-XX:NativeMemoryTracking=summary\` and run \`jcmd 1 VM.native_memory summary\` inside the pod.
        3. If native memory keeps growing over hours, set \`MALLOC_ARENA_MAX=2\`; glibc's per-thread arenas are a classic source of slow "leaks" in containers.

        Also note the kernel kills on the cgroup's usage, which includes page cache the process dirtied; \`kubectl top\` shows the working set, which is close but not identical.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 3,
        text: md`
          \`MALLOC_ARENA_MAX=2\` was it for us, on a similar service. Native memory grew ~20 MiB an hour until the kill, heap was flat the whole time. NMT showed "Other" growing, which is the malloc hint.
        `,
        comments: [
          {
            by: "sofia",
            after: 60,
            text: "NMT shows exactly that pattern: `Other` +180 MiB after six hours. Trying the arena setting now.",
            replies: [
              {
                by: "sofia",
                after: 1500,
                text: "24 hours in, flat at 610 MiB. Thank you both!",
              },
            ],
          },
        ],
      },
      {
        by: "daniel",
        after: 9,
        text: md`
          Also check the Tomcat thread pool. Ours was set to 400 threads "just in case", which is a lot of stack for a service doing 30 requests per second.
        `,
      },
    ],
  },
  {
    key: "docker-cache-ci",
    by: "marcus",
    title: "Docker build cache is invalidated on every CI run although package-lock.json hasn't changed",
    tags: ["docker", "devops"],
    group: "platform",
    daysAgo: 46.9,
    views: 330,
    body: md`
      Locally, \`npm ci\` is cached between builds. In GitHub Actions every build reinstalls everything (~4 minutes):

      ~~~dockerfile
      FROM node:20-alpine
      WORKDIR /app
      COPY . .
      RUN npm ci
      RUN npm run build
      ~~~

      We use \`docker/build-push-action\` with default settings. What's the right setup?
    `,
    ai: {
      text: md`
        Two separate issues:

        **1. The Dockerfile invalidates the cache itself.** \`COPY . .\` before \`npm ci\` means *any* file change (including the commit's source changes) invalidates the install layer. Copy the manifests first:

        ~~~dockerfile
        FROM node:20-alpine
        WORKDIR /app
        COPY package.json package-lock.json ./
        RUN --mount=type=cache,target=/root/.npm npm ci
        COPY . .
        RUN npm run build
        ~~~

        **2. CI runners start with an empty cache.** Each GitHub-hosted runner is a fresh machine, so there's no local layer cache. Export the cache to the GitHub Actions cache backend:

        ~~~yaml
        - uses: docker/setup-buildx-action@v3
        - uses: docker/build-push-action@v6
          with:
            context: .
            push: true
            tags: ghcr.io/acme/web:\${{ github.sha }}
            cache-from: type=gha
            cache-to: type=gha,mode=max
        ~~~

        \`mode=max\` also caches intermediate stages in multi-stage builds. Add a \`.dockerignore\` (\`node_modules\`, \`.git\`, build output) so local artefacts never enter the context.
      `,
    },
    answers: [
      {
        by: "sofia",
        after: 1.5,
        text: md`
          Adding to the above: the GHA cache is limited to 10 GB per repository and evicts by LRU. With \`mode=max\` on several branches you can churn it quickly. We use \`type=registry\` with a dedicated cache tag instead, which has no size limit and is shared between repos.
        `,
      },
      {
        by: "priya",
        after: 8,
        prompt: "Show the same fix for a Python project using pip and requirements.txt.",
        text: md`
          The same ordering idea for a Python image:

          ~~~dockerfile
          FROM python:3.12-slim
          WORKDIR /app
          COPY requirements.txt .
          RUN --mount=type=cache,target=/root/.cache/pip pip install -r requirements.txt
          COPY . .
          CMD ["python", "-m", "app"]
          ~~~

          Keep the pinned \`requirements.txt\` (generated by \`pip-compile\` or \`uv pip compile\`) as the only file copied before the install, so code changes never bust the dependency layer.
        `,
      },
    ],
  },
  {
    key: "pg-deadlock",
    by: "daniel",
    title: "Deadlock detected when two workers update the same rows in different order",
    tags: ["postgresql"],
    daysAgo: 42.6,
    views: 240,
    body: md`
      Our job workers update account balances in batches. A few times a day:

      ~~~text
      ERROR:  deadlock detected
      DETAIL:  Process 18231 waits for ShareLock on transaction 99213; blocked by process 18240.
               Process 18240 waits for ShareLock on transaction 99210; blocked by process 18231.
      ~~~

      Each worker runs one transaction with several \`UPDATE balances SET amount = amount + $1 WHERE account_id = $2\`, one per ledger entry. How do we avoid this without serializing all workers?
    `,
    ai: {
      text: md`
        Classic lock-ordering deadlock: worker A locks account 1 then waits for 2, worker B locks 2 then waits for 1. Postgres detects the cycle and aborts one of them.

        Fixes, in order of preference:

        **1. Lock rows in a consistent order.** Sort the entries by \`account_id\` before updating, so every transaction acquires locks in the same order; cycles become impossible.

        **2. Do it in one statement.** Aggregate per account and update once, ordered:

        ~~~sql
        WITH deltas AS (
          SELECT account_id, sum(amount) AS delta
          FROM unnest($1::bigint[], $2::numeric[]) AS e(account_id, amount)
          GROUP BY account_id
        ), locked AS (
          SELECT b.account_id FROM balances b
          JOIN deltas d USING (account_id)
          ORDER BY b.account_id
          FOR UPDATE
        )
        UPDATE balances b SET amount = b.amount + d.delta
        FROM deltas d
        WHERE b.account_id = d.account_id AND b.account_id IN (SELECT account_id FROM locked);
        ~~~

        **3. Retry on \`40P01\`.** Even with ordering, keep a retry with jitter for deadlocks and serialization failures; they are expected in concurrent systems, not bugs.

        Also keep these transactions short: no network calls between the first update and the commit.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 2,
        prompt: "Show the sort-before-update fix in Go with pgx, including a retry on deadlock.",
        text: md`
          In Go with pgx:

          ~~~go
          sort.Slice(entries, func(i, j int) bool { return entries[i].AccountID < entries[j].AccountID })

          for attempt := 0; attempt < 3; attempt++ {
              err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
                  for _, e := range entries {
                      if _, err := tx.Exec(ctx,
                          "UPDATE balances SET amount = amount + $1 WHERE account_id = $2",
                          e.Amount, e.AccountID); err != nil {
                          return err
                      }
                  }
                  return nil
              })
              var pgErr *pgconn.PgError
              if errors.As(err, &pgErr) && pgErr.Code == "40P01" {
                  time.Sleep(time.Duration(rand.Intn(50)+10) * time.Millisecond)
                  continue
              }
              return err
          }
          ~~~
        `,
      },
      {
        by: "sofia",
        after: 6,
        text: md`
          Turn on \`log_lock_waits = on\` and set \`deadlock_timeout\` to something like 200ms while you investigate. You'll see the near-misses, not only the actual deadlocks, which tells you whether the fix really removed the contention.
        `,
        comments: [
          { by: "daniel", after: 120, text: "Sorting fixed it. Zero deadlocks in three days, and the lock waits log is much quieter." },
        ],
      },
    ],
  },
  {
    key: "leaked-aws-key",
    by: "elena",
    title: "Rotating a leaked AWS key that is baked into an old Docker image on a public registry",
    tags: ["security", "docker"],
    group: "security",
    daysAgo: 41.2,
    views: 44,
    body: md`
      A researcher reported that an image we published two years ago still contains an \`.env\` file with an IAM access key in one of its layers. The tag was "deleted" from Docker Hub, but the image is still pullable by digest.

      We've disabled the key. What's the full checklist, so we don't miss anything before we reply to the researcher?
    `,
    ai: {
      text: md`
        A checklist for a credential exposed in a published image:

        1. **Contain**: deactivate, then delete the key (done). Check whether other secrets were in the same \`.env\` or layers; scan the whole image, not just the file you know about:

           ~~~bash
           docker save registry/app@sha256:... -o app.tar
           trufflehog docker --image registry/app@sha256:...
           ~~~

        2. **Investigate**: in CloudTrail, search for every event with that access key id since the image was published (Athena over the trail's S3 bucket is fastest for two years of data). Look for \`GetCallerIdentity\` from unknown IPs; that's the usual first call after someone finds a key.
        3. **Remove the artefact**: delete the manifest by digest, not only the tag, and ask the registry's support to purge it. Assume it was mirrored; removal limits new exposure only.
        4. **Fix the cause**: add \`.env\` to \`.dockerignore\`, use build secrets (\`RUN --mount=type=secret\`) and add secret scanning to CI for images, not just the repository.
        5. **Reply to the researcher** with the timeline, what you found in the logs, and thanks.

        If CloudTrail wasn't enabled in every region back then, say so in your internal report; "no evidence of use" and "evidence of no use" are different statements.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 4,
        text: md`
          On step 2: also check the key's *last used* info in IAM (\`aws iam get-access-key-last-used\`). It's instant and tells you immediately whether you need the long CloudTrail dig at all.
        `,
        comments: [
          {
            by: "elena",
            after: 20,
            text: "Last used: 14 months ago, by our own CI region. Still doing the full dig, but that's reassuring.",
          },
        ],
      },
      {
        by: "sofia",
        after: 11,
        text: md`
          For step 4 we added \`docker history --no-trunc\` plus a secret scanner over every layer as a required CI check before push. It has caught two more \`.npmrc\` tokens since.
        `,
      },
    ],
  },
  {
    key: "readiness-probe-502",
    by: "sofia",
    title: "Readiness probe passes but the ingress returns 502s during every rolling update",
    tags: ["kubernetes"],
    daysAgo: 37.1,
    views: 310,
    body: md`
      During deployments we get a burst of 502s from ingress-nginx for about 10 seconds. The readiness probe looks fine, \`maxUnavailable: 0\`, \`maxSurge: 25%\`.

      The errors happen when *old* pods shut down, not when new ones start. What's the usual cause?
    `,
    ai: {
      text: md`
        When a pod is deleted, two things happen **in parallel**: the kubelet sends SIGTERM to the container, and the endpoint is removed from the Service, which the ingress controller then picks up. If your app exits on SIGTERM immediately, the ingress still routes requests to it for a few seconds, and those become 502s.

        Give the rest of the system time to stop sending traffic before you stop accepting it:

        ~~~yaml
        spec:
          terminationGracePeriodSeconds: 40
          containers:
            - name: api
              lifecycle:
                preStop:
                  sleep:
                    seconds: 10   # Kubernetes 1.30+; otherwise exec: ["sleep", "10"]
        ~~~

        Then make the app drain gracefully on SIGTERM: stop accepting new connections, finish in-flight requests, exit.

        Also check:

        - keep-alive connections from nginx to the pod: nginx may reuse a connection the app just closed. Make the app's idle timeout longer than nginx's \`upstream-keepalive-timeout\`;
        - a \`PodDisruptionBudget\`, so node drains don't take too many pods at once.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 5,
        text: md`
          The preStop sleep is the fix 90% of the time. The other 10% for us was the keep-alive mismatch: Node's default \`server.keepAliveTimeout\` is 5 s and nginx's upstream keep-alive was 60 s. Setting the app to 65 s removed the remaining trickle of 502s.
        `,
        comments: [
          { by: "sofia", after: 40, text: "Our app is Node too. Checking keepAliveTimeout right now." },
          { by: "lukas", after: 300, text: "Same class of bug exists with AWS ALBs: their idle timeout is 60 s, so the app must keep connections longer." },
        ],
      },
    ],
  },
  {
    key: "terraform-sg-drift",
    by: "sofia",
    title: "Terraform plan shows changes on every run for an aws_security_group ingress rule",
    tags: ["devops"],
    group: "platform",
    daysAgo: 27.5,
    views: 175,
    body: md`
      Every \`terraform plan\` wants to update the same security group, even right after an apply:

      ~~~text
      ~ resource "aws_security_group" "db" {
          ~ ingress = [
              - { cidr_blocks = ["10.0.0.0/16"], from_port = 5432, protocol = "tcp", ... },
              + { cidr_blocks = ["10.0.0.0/16"], from_port = 5432, protocol = "6", ... },
            ]
        }
      ~~~

      Nothing is actually changing. How do I make this stable?
    `,
    ai: {
      text: md`
        AWS stores the protocol as a number (\`"6"\` for TCP) and returns it that way, while your configuration says \`"tcp"\`. The inline \`ingress\` block is compared as a whole set, so the difference in representation shows up as drift.

        Two ways out:

        1. Write what AWS returns: \`protocol = "6"\` (or \`"-1"\` for all). Quick, but fragile.
        2. **Preferred**: stop using inline rules and manage each rule as its own resource:

           ~~~hcl
           resource "aws_security_group" "db" {
             name   = "db"
             vpc_id = var.vpc_id
           }

           resource "aws_vpc_security_group_ingress_rule" "db_from_vpc" {
             security_group_id = aws_security_group.db.id
             cidr_ipv4         = "10.0.0.0/16"
             from_port         = 5432
             to_port           = 5432
             ip_protocol       = "tcp"
           }
           ~~~

        The per-rule resources have stable identities, produce readable diffs, and don't fight with rules other modules add. Don't mix inline rules and rule resources on the same group; they overwrite each other.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 3,
        text: md`
          Migrating to \`aws_vpc_security_group_ingress_rule\` is worth it. Use \`import\` blocks so Terraform adopts the existing rules without deleting them first:

          ~~~hcl
          import {
            to = aws_vpc_security_group_ingress_rule.db_from_vpc
            id = "sgr-0a1b2c3d4e5f67890"
          }
          ~~~
        `,
      },
    ],
  },
  {
    key: "keyset-pagination",
    by: "daniel",
    title: "Best way to do keyset pagination when the sort column is not unique?",
    tags: ["postgresql"],
    daysAgo: 24.7,
    views: 390,
    body: md`
      We're moving a feed from \`OFFSET\` to keyset pagination, sorted by \`score DESC\`. Many rows share the same score, so \`WHERE score < :last_score\` skips rows and \`<=\` repeats them.

      What's the standard pattern, and which index does it need?
    `,
    ai: {
      text: md`
        Add a unique tie-breaker (usually the primary key) to both the sort and the cursor, and compare them as a **row value**:

        ~~~sql
        SELECT id, title, score
        FROM posts
        WHERE (score, id) < (:last_score, :last_id)
        ORDER BY score DESC, id DESC
        LIMIT 20;
        ~~~

        Row comparison is lexicographic: first by \`score\`, and only on equal scores by \`id\`, which is exactly "everything after the last row I saw".

        The matching index:

        ~~~sql
        CREATE INDEX posts_score_id_idx ON posts (score DESC, id DESC);
        ~~~

        Postgres can use it for both the row comparison and the ordering, so each page is a short index range scan no matter how deep you go.

        Two details:

        - both columns must sort in the **same direction** for the row comparison to work; for mixed directions (\`score DESC, id ASC\`) you have to expand it: \`score < :s OR (score = :s AND id > :id)\`, which indexes less well;
        - encode \`(score, id)\` into an opaque cursor (base64 JSON) so clients can't depend on its contents.
      `,
      comments: [
        {
          by: "james",
          after: 200,
          text: "We use this for our audit log. One gotcha: if score can be NULL, the row comparison returns NULL and rows disappear. Use COALESCE or NULLS LAST consistently.",
        },
      ],
    },
    answers: [
      {
        by: "maya",
        after: 3,
        prompt: "Explain keyset pagination to a frontend developer who has only used page numbers.",
        text: md`
          Think of page numbers as "skip the first 400 rows, then give me 20": the database still has to walk past those 400 every time, and if a new row arrives while you read, everything shifts by one and you see a duplicate.

          Keyset pagination says instead "give me 20 rows that come **after** the last one I saw". The client keeps a bookmark (the cursor) rather than a page number:

          1. First request: no cursor, get 20 rows and a cursor for the last one.
          2. "Load more": send that cursor back, get the next 20.

          On the frontend this fits infinite lists and "Load more" buttons perfectly; what you lose is jumping straight to page 37.
        `,
      },
      {
        by: "sofia",
        after: 7,
        text: md`
          If the score changes while people paginate (votes!), accept that an item may move across the page boundary. For feeds that's fine; for exports, paginate by \`id\` alone instead.
        `,
      },
    ],
  },
  {
    key: "docker-localhost",
    by: "aiko",
    title: "My container can't reach a service running on the host at localhost",
    tags: ["docker"],
    daysAgo: 22.0,
    views: 460,
    body: md`
      My app in Docker needs a Postgres that runs directly on my laptop. Connecting to \`localhost:5432\` from inside the container gives \`ECONNREFUSED\`.

      ~~~bash
      docker run -e DATABASE_URL=postgresql://dev@localhost:5432/app my-app
      ~~~

      Same URL works from the host. What's the right address?
    `,
    ai: {
      text: md`
        Inside a container, \`localhost\` is the container itself, not your laptop. Use the host's address as seen from the container:

        - **Docker Desktop (macOS, Windows)**: \`host.docker.internal\` works out of the box.
        - **Linux**: add the mapping yourself:

          ~~~bash
          docker run --add-host=host.docker.internal:host-gateway \
            -e DATABASE_URL=postgresql://dev@host.docker.internal:5432/app my-app
          ~~~

          In Compose:

          ~~~yaml
          services:
            app:
              extra_hosts:
                - "host.docker.internal:host-gateway"
          ~~~

        Then make sure Postgres accepts connections from the Docker bridge: \`listen_addresses\` must include more than \`localhost\` (for example \`'*'\` on a dev machine), and \`pg_hba.conf\` needs a line for the bridge network, such as \`host all all 172.17.0.0/16 scram-sha-256\`.

        \`--network host\` also works on Linux, but it removes the isolation and behaves differently on Docker Desktop, so it's a poor default.
      `,
    },
    answers: [
      {
        by: "marcus",
        after: 1,
        text: md`
          Simplest long-term fix: put Postgres in the same Compose file and connect to \`db:5432\`. Then everyone on the team has the same setup and the "works on my machine" class of bugs goes away.
        `,
      },
      {
        by: "sofia",
        after: 4,
        text: md`
          If it's still refused after the \`host-gateway\` mapping, it's almost always \`listen_addresses\`. Check with \`ss -ltnp | grep 5432\`: if it only shows \`127.0.0.1\`, Postgres isn't listening on the bridge interface.
        `,
        comments: [
          { by: "aiko", after: 15, text: "It was listen_addresses. Thank you, both of you!" },
        ],
      },
    ],
  },
  {
    key: "vendor-disclosure",
    by: "elena",
    title: "Disclosure timeline: vendor unresponsive 60 days after our report",
    tags: ["security"],
    group: "security",
    daysAgo: 19.4,
    views: 31,
    body: md`
      We reported an authentication bypass in a self-hosted ticketing product 60 days ago. Acknowledged once on day 3, silence since. Several of our customers run it.

      Our policy says 90 days. How do you handle the remaining 30: escalate, extend, or publish as planned? And what do you tell your own customers in the meantime?
    `,
    ai: {
      text: md`
        A common path for an unresponsive vendor:

        1. **Escalate through other channels now**, not at day 89: a security.txt contact, the vendor's support portal with the ticket number, a named executive on LinkedIn, and a coordinator such as CERT/CC or your national CSIRT, which can contact the vendor with more weight.
        2. **Send a dated notice** stating the planned publication date and what you will publish (advisory without exploit details first). Keep every message; the timeline will be part of the advisory.
        3. **Request a CVE** through a CNA (MITRE or the coordinator), so customers can track it regardless of the vendor.
        4. **Protect your customers** with mitigations that don't reveal the bug: for example, restrict the admin interface to a VPN, or add a WAF rule phrased generically.
        5. **Decide about extension based on progress, not silence.** Extending for a vendor actively fixing is normal; extending for a silent one mostly leaves users exposed longer.

        At publication, describe the impact and mitigations clearly, and hold back a working proof of concept for some weeks if no patch exists.
      `,
    },
    answers: [
      {
        by: "daniel",
        after: 6,
        text: md`
          CERT/CC helped us in a very similar case. The vendor answered within a week of their first e-mail, after ignoring us for two months. Coordinators have channels we don't.
        `,
      },
      {
        by: "marcus",
        after: 30,
        text: md`
          For your own customers: a short, factual note with the mitigation and "details to follow when a fix is available" worked well for us. Nobody was upset that we didn't name the bug, everybody appreciated that we told them early.
        `,
        comments: [
          {
            by: "elena",
            after: 70,
            text: "Going with CERT/CC plus a customer note this week. Will report back here.",
            replies: [
              {
                by: "daniel",
                after: 9000,
                text: "Any news from the vendor?",
                replies: [
                  { by: "elena", after: 200, text: "Patch promised for next month, and they asked for a 30-day extension. Granted." },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    key: "hpa-custom-metrics",
    by: "marcus",
    title: "HPA on a custom Prometheus metric never scales: 'unable to fetch metrics from custom metrics API'",
    tags: ["kubernetes"],
    group: "platform",
    daysAgo: 18.0,
    views: 140,
    body: md`
      I want to scale a queue consumer on \`rabbitmq_queue_messages_ready\`. \`kubectl describe hpa\` shows:

      ~~~text
      Warning  FailedGetObjectMetric  horizontal-pod-autoscaler
        unable to get metric rabbitmq_queue_messages_ready: unable to fetch metrics
        from custom metrics API: the server could not find the metric
        rabbitmq_queue_messages_ready for services
      ~~~

      The metric is definitely in Prometheus. prometheus-adapter is installed with the default chart values.
    `,
    ai: {
      text: md`
        The default prometheus-adapter rules only expose metrics that it can associate with Kubernetes objects through labels like \`namespace\` and \`pod\`/\`service\`. A metric scraped from RabbitMQ's exporter usually carries \`queue\` and \`instance\` labels instead, so the adapter never registers it.

        Check what the API actually serves:

        ~~~bash
        kubectl get --raw "/apis/custom.metrics.k8s.io/v1beta1" | jq -r '.resources[].name' | grep rabbit
        ~~~

        If it's missing, add a rule that maps the labels. For a queue length that isn't tied to a pod, an **external** metric is the better fit:

        ~~~yaml
        rules:
          external:
            - seriesQuery: 'rabbitmq_queue_messages_ready{queue!=""}'
              resources:
                overrides:
                  namespace: { resource: namespace }
              name:
                as: "rabbitmq_queue_messages_ready"
              metricsQuery: 'sum(<<.Series>>{<<.LabelMatchers>>}) by (queue)'
        ~~~

        and in the HPA:

        ~~~yaml
        metrics:
          - type: External
            external:
              metric:
                name: rabbitmq_queue_messages_ready
                selector: { matchLabels: { queue: orders } }
              target: { type: AverageValue, averageValue: "50" }
        ~~~

        If you'd rather not maintain adapter rules, KEDA has a RabbitMQ scaler that reads the queue directly.
      `,
    },
    answers: [
      {
        by: "sofia",
        after: 2,
        text: md`
          We switched to KEDA for exactly this. It also scales to zero, which prometheus-adapter + HPA can't do, and our consumers idle most of the night.
        `,
        comments: [
          {
            by: "marcus",
            after: 25,
            text: "Scale to zero is the feature I didn't know I wanted. Trying KEDA on staging.",
            editedAfter: 3,
          },
        ],
      },
    ],
  },
  {
    key: "saml-signing",
    by: "daniel",
    title: "Reviewing our SAML SSO: is signing only the assertion enough?",
    tags: ["security"],
    group: "security",
    daysAgo: 12.6,
    views: 27,
    body: md`
      Our IdP signs the assertion but not the response envelope. Our SP library validates the assertion signature.

      A reviewer suggested requiring both. Is there a concrete attack when only the assertion is signed, or is this belt and braces?
    `,
    ai: {
      text: md`
        Signing only the assertion is fine **if** your SP uses exactly the assertion whose signature it verified. The well-known attacks are *XML signature wrapping*: the attacker keeps the validly signed assertion in the document but adds a second, unsigned one, and a buggy SP verifies the first and reads attributes from the second.

        What to check in your SP:

        1. It verifies the signature and then uses **the element the signature references** (by ID, after canonicalisation), not "the first Assertion" found by XPath.
        2. It rejects responses containing more than one assertion.
        3. It checks \`Audience\`, \`Recipient\`, \`NotOnOrAfter\` and \`InResponseTo\` on the signed assertion.
        4. It doesn't accept unsigned assertions even when the response is signed (the reverse misconfiguration).
        5. The library is current; several mainstream SAML libraries have had wrapping bugs.

        Requiring the response to be signed as well adds defence in depth and protects the response's \`Status\` and \`Destination\`, which sit outside the assertion. If your IdP can do it at no cost, enable it, but correct assertion handling matters more.
      `,
    },
    answers: [
      {
        by: "elena",
        after: 8,
        text: md`
          Point 1 is where I'd spend the review time. Write a test with a wrapped response (signed assertion moved into an \`Extensions\` element, unsigned assertion with another \`NameID\` in its place) and check your SP rejects it. If you want, I can share the fixtures we use.
        `,
        comments: [
          { by: "daniel", after: 35, text: "Yes please. DM me, or post them in the group if they're safe to share." },
        ],
      },
    ],
  },
  {
    key: "gha-secret-artifact",
    by: "marcus",
    title: "A secret was masked in GitHub Actions logs but ended up readable in an uploaded artifact",
    tags: ["devops", "security"],
    group: "security",
    daysAgo: 8.5,
    views: 22,
    body: md`
      A debugging step wrote the environment to a file (\`env > debug.txt\`) and \`actions/upload-artifact\` uploaded the whole workspace. Logs showed \`***\`, the artifact had the deploy token in clear text.

      The repo is private but has ~80 collaborators, and artifacts are kept for 90 days. We've rotated the token. What else?
    `,
    ai: {
      text: md`
        Masking only applies to **log output**; files, artifacts, caches and job summaries are not masked. After rotating:

        1. **Delete the artifacts** from all affected runs (UI or \`gh api -X DELETE repos/OWNER/REPO/actions/artifacts/ID\`), and check caches (\`actions/cache\`) created by the same workflow.
        2. **Find out who downloaded them.** The audit log (organization level) records artifact downloads for some plans; otherwise treat every collaborator as potentially exposed.
        3. **Check how the token was used** during the exposure window in the target system's logs.
        4. **Prevent it structurally**:
           - upload explicit paths, never the workspace root;
           - lower artifact retention for debug uploads (\`retention-days: 3\`);
           - use short-lived credentials through OIDC instead of long-lived deploy tokens, so a leak expires by itself:

           ~~~yaml
           permissions:
             id-token: write
             contents: read
           steps:
             - uses: aws-actions/configure-aws-credentials@v4
               with:
                 role-to-assume: arn:aws:iam::123456789012:role/deploy
                 aws-region: eu-west-1
           ~~~

        OIDC is the real fix here: there is no stored secret left to leak.
      `,
    },
    answers: [
      {
        by: "elena",
        after: 2,
        text: md`
          Add a repository rule or a reusable workflow check that fails any \`upload-artifact\` step with \`path: .\` or \`path: \${{ github.workspace }}\`. Cheap and it would have prevented this one.
        `,
      },
      {
        by: "sofia",
        after: 5,
        text: md`
          We moved all deploys to OIDC last year. The migration was a few days of IAM trust policies; the peace of mind is permanent.
        `,
        comments: [
          { by: "marcus", after: 60, text: "OIDC migration is now on the roadmap for next sprint. Thanks both." },
        ],
      },
    ],
  },
  {
    key: "prisma-serverless-pool",
    by: "james",
    title: "Too many connections to Postgres from a serverless deployment using Prisma",
    tags: ["postgresql", "typescript"],
    daysAgo: 3.9,
    views: 95,
    body: md`
      Our API runs as serverless functions. Under load, Postgres refuses connections:

      ~~~text
      FATAL: sorry, too many clients already
      ~~~

      \`max_connections\` is 100. Each function instance creates one Prisma client. What's the right fix: raise the limit, or something structural?
    `,
    ai: {
      text: md`
        Structural. Each function instance holds its own pool, and with many concurrent instances the total connection count grows with traffic, not with need. Raising \`max_connections\` only moves the wall (and each connection costs Postgres memory).

        What works:

        1. **Put a connection pooler in front of Postgres**: PgBouncer in transaction mode, or your provider's pooled endpoint (Neon, Supabase and RDS Proxy all offer one). Functions connect to the pooler; the pooler keeps a small number of real connections.
        2. **Keep each instance's pool tiny.** With the \`pg\` driver adapter:

           ~~~ts
           import { PrismaPg } from "@prisma/adapter-pg";
           import { PrismaClient } from "./generated/prisma/client";

           const adapter = new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 1 });
           export const db = new PrismaClient({ adapter });
           ~~~

        3. **Create the client once per instance** (module scope, not inside the handler), so warm invocations reuse it.
        4. Transaction-mode poolers don't support session features (session-level prepared statements, \`SET\`, advisory locks held across transactions). Keep migrations on a direct, unpooled connection.

        Rule of thumb: \`instances × pool size\` must stay below what the pooler accepts, and the pooler's server-side pool below \`max_connections\` minus a margin for migrations and admin access.
      `,
    },
    answers: [
      {
        by: "daniel",
        after: 2,
        text: md`
          Pooled endpoint + \`max: 1\` per instance fixed exactly this for us. Also set a short \`idleTimeoutMillis\` so frozen instances don't hold connections the pooler could give to someone else.
        `,
        comments: [
          {
            by: "james",
            after: 40,
            text: "Switched to the provider's pooled URL this morning. Zero connection errors in the load test.",
          },
        ],
      },
    ],
  },
  {
    key: "crashloop-readonly-fs",
    by: "sofia",
    title: "CrashLoopBackOff after enabling readOnlyRootFilesystem on an nginx sidecar",
    tags: ["kubernetes", "security"],
    daysAgo: 0.4,
    views: 12,
    body: md`
      We're hardening our pods with \`readOnlyRootFilesystem: true\`. The app container is fine, but the nginx sidecar now crash-loops:

      ~~~text
      nginx: [emerg] mkdir() "/var/cache/nginx/client_temp" failed (30: Read-only file system)
      ~~~

      Is there a clean way to run nginx read-only, or should it be an exception?
    `,
    ai: {
      text: md`
        nginx needs a few writable paths at runtime: its cache/temp directories and the PID file. Keep the root filesystem read-only and mount small \`emptyDir\` volumes exactly there:

        ~~~yaml
        containers:
          - name: nginx
            image: nginxinc/nginx-unprivileged:1.27-alpine
            securityContext:
              readOnlyRootFilesystem: true
              runAsNonRoot: true
              allowPrivilegeEscalation: false
            volumeMounts:
              - { name: nginx-cache, mountPath: /var/cache/nginx }
              - { name: nginx-run, mountPath: /tmp }
        volumes:
          - name: nginx-cache
            emptyDir: {}
          - name: nginx-run
            emptyDir: { medium: Memory, sizeLimit: 16Mi }
        ~~~

        The unprivileged image already writes its PID to \`/tmp/nginx.pid\` and listens on 8080, which fits a non-root pod. With the official image you'd also set \`pid /tmp/nginx.pid;\` in \`nginx.conf\`.

        No exception needed; this is the standard pattern, and the writable paths are explicit in the manifest, which is what reviewers want to see.
      `,
    },
    answers: [],
  },
];
