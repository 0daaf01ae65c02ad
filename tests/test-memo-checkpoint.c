/*
 * Check suite "memo-checkpoint": dlx_memo_count_resume() and its
 * checkpoints.  A memoized count stopped at random nodes and resumed any
 * number of times in one thread must end with the count, nodes, updates,
 * branches, deepest level and table statistics of one uninterrupted run
 * (its tables are saved slot for slot); stopped and resumed in changing
 * numbers of threads, with the exact count (plain dlx_search()'s on small
 * problems, and counts past 2^64 against their closed form); a part's with
 * dlx_memo_count()'s part.  A checkpoint of another problem, rule or part,
 * of another kind of search, truncated or with a flipped byte, is refused
 * and leaves the problem as it was.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx.h"

static uint64_t plain_count(dlx_problem *p)
{
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	return st.solutions;
}

/* A random problem of np primary and ns secondary items, no options, colors on the secondary ones. */
static dlx_problem *random_problem(size_t np, size_t ns, size_t no, unsigned density, unsigned n_colors)
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < no; k++) {
		size_t items[40], n = 0;
		uint32_t col[40];
		bool primary = false;
		for (size_t i = 0; i < np + ns; i++) {
			bool last_chance = i == np - 1 && !primary;
			if (rng() % density == 0 || last_chance) {
				items[n] = i;
				col[n] = i >= np && n_colors ? rng() % (n_colors + 1) : 0;
				primary = primary || i < np;
				n++;
			}
		}
		ck_assert_int_eq(dlx_add_option_colored(p, items, col, n), (long)k);
	}
	return p;
}

/* k items with c options each, alone: c^k solutions. */
static dlx_problem *powers(unsigned c, unsigned k)
{
	dlx_problem *p = dlx_problem_new(k, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t i = 0; i < k; i++)
		for (unsigned j = 0; j < c; j++)
			ck_assert_int_ge(dlx_add_option(p, &i, 1), 0);
	return p;
}

/*
 * 2 x 2^80 solutions, big counts stored early: item 0 has two options,
 * each with its own secondary item, and each of items 1..80 two options
 * alone.  The first option's subtree stores counts past 2^63 at its
 * levels down to 17, below the cut of the jobs (about 9 deep), which the
 * second's states (another secondary item covered) do not hit: stops in
 * the second half save tables that hold big counts.
 */
static dlx_problem *big_early(void)
{
	dlx_problem *p = dlx_problem_new(81, 2);
	ck_assert_ptr_nonnull(p);
	for (size_t s = 0; s < 2; s++) {
		size_t items[2] = { 0, 81 + s };
		ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
	}
	for (size_t i = 1; i < 81; i++)
		for (int j = 0; j < 2; j++)
			ck_assert_int_ge(dlx_add_option(p, &i, 1), 0);
	return p;
}

/* A run's results. */
struct result {
	char *count;
	dlx_stats st;
	dlx_memo_stats ms;
	unsigned stops;
};

static void result_free(struct result *r)
{
	free(r->count);
	r->count = NULL;
}

/* One uninterrupted resumable count (no checkpoint) in `threads`. */
static struct result whole(dlx_problem *p, const dlx_memo_params *mp, uint32_t part, uint32_t parts, unsigned threads)
{
	struct result r = { NULL, { 0 }, { 0 }, 0 };
	dlx_split_params split = { threads, part, parts };
	dlx_error_info err;
	ck_assert_int_eq(dlx_memo_count_resume(p, NULL, mp, &split, NULL, 0, &r.count, &r.st, &r.ms, &err), DLX_OK);
	ck_assert_int_eq(r.st.stop, DLX_STOP_COMPLETE);
	ck_assert_ptr_nonnull(r.count);
	assert_sane(p);
	return r;
}

/*
 * The count stopped by node limits a random step apart (each run polling
 * every 1-7 nodes, so that it stops anywhere) and resumed from the bytes
 * dlx_checkpoint_save() gives after each stop, the k-th run in
 * threads[k % n_threads], until it completes.
 */
static struct result stopped_and_resumed(dlx_problem *p, const dlx_memo_params *mp, uint32_t part, uint32_t parts,
					 const unsigned *threads, size_t n_threads, uint64_t step)
{
	struct result r = { NULL, { 0 }, { 0 }, 0 };
	void *ck = NULL;
	size_t len = 0;
	uint64_t limit = 0;
	for (unsigned round = 0;; round++) {
		ck_assert_uint_lt(round, 100000);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		limit += 1 + rng() % step;
		sp.node_limit = limit;
		sp.poll_interval = 1 + rng() % 7;
		dlx_split_params split = { threads[round % n_threads], part, parts };
		dlx_error_info err;
		free(r.count);
		r.count = NULL;
		int rc = dlx_memo_count_resume(p, &sp, mp, &split, ck, len, &r.count, &r.st, &r.ms, &err);
		ck_assert_msg(rc == DLX_OK, "round %u: %s (%s)", round, dlx_strerror(rc), err.message);
		assert_sane(p);
		free(ck);
		ck = NULL;
		if (r.st.stop == DLX_STOP_COMPLETE)
			break;
		ck_assert_int_eq(r.st.stop, DLX_STOP_NODE_LIMIT);
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
		r.stops++;
	}
	return r;
}

static void assert_same_run(const struct result *a, const struct result *b, const char *what)
{
	ck_assert_msg(!strcmp(a->count, b->count), "%s: count %s, uninterrupted %s", what, a->count, b->count);
	ck_assert_msg(a->st.nodes == b->st.nodes, "%s: nodes %llu, uninterrupted %llu", what,
		      (unsigned long long)a->st.nodes, (unsigned long long)b->st.nodes);
	ck_assert_uint_eq(a->st.updates, b->st.updates);
	ck_assert_uint_eq(a->st.branches, b->st.branches);
	ck_assert_uint_eq(a->st.max_level, b->st.max_level);
	ck_assert_uint_eq(a->st.solutions, b->st.solutions);
	ck_assert_uint_eq(a->ms.lookups, b->ms.lookups);
	ck_assert_uint_eq(a->ms.hits, b->ms.hits);
	ck_assert_uint_eq(a->ms.stored, b->ms.stored);
	ck_assert_uint_eq(a->ms.dropped, b->ms.dropped);
	ck_assert_uint_eq(a->ms.peak_bytes, b->ms.peak_bytes);
}

/* One thread: every figure of the uninterrupted run, with big and tiny tables (which drop counts), both rules. */
START_TEST(one_thread_equals_uninterrupted)
{
	static const unsigned one[] = { 1 };
	static const size_t budgets[] = { 0, 4096, 1 };
	unsigned trials = test_trials(60);
	for (unsigned t = 0; t < trials; t++) {
		rng_seed(1000 + t);
		size_t np = 6 + rng() % 12, ns = rng() % 5, no = 10 + rng() % 50;
		dlx_problem *p = random_problem(np, ns, no, 2 + rng() % 4, t % 2 ? 3 : 0);
		uint64_t want = plain_count(p);
		for (int order = 0; order < 2; order++) {
			dlx_memo_params mp = { (dlx_memo_order)order, budgets[t % 3] };
			struct result u = whole(p, &mp, 0, 0, 1);
			char w[24];
			snprintf(w, sizeof w, "%llu", (unsigned long long)want);
			ck_assert_str_eq(u.count, w);
			struct result s = stopped_and_resumed(p, &mp, 0, 0, one, 1, 1 + u.st.nodes / 8);
			char what[64];
			snprintf(what, sizeof what, "trial %u, order %d", t, order);
			assert_same_run(&s, &u, what);
			result_free(&u);
			result_free(&s);
		}
		dlx_problem_free(p);
	}
}
END_TEST

/* Counts past 2^64: the counts on the saved path and in the tables are big numbers. */
START_TEST(big_counts_resumed)
{
	static const unsigned one[] = { 1 }, mixed[] = { 2, 1, 3 };
	/* 3^41 and 2^70, both past 2^64 */
	static const unsigned cases[][2] = { { 3, 41 }, { 2, 70 } };
	static const char *const want[] = { "36472996377170786403", "1180591620717411303424" };
	for (size_t c = 0; c < 2; c++) {
		rng_seed(77 + c);
		dlx_problem *p = powers(cases[c][0], cases[c][1]);
		for (int order = 0; order < 2; order++) {
			dlx_memo_params mp = { (dlx_memo_order)order, 0 };
			struct result u = whole(p, &mp, 0, 0, 1);
			ck_assert_str_eq(u.count, want[c]);
			ck_assert_uint_eq(u.st.solutions, UINT64_MAX);
			struct result s = stopped_and_resumed(p, &mp, 0, 0, one, 1, 1 + u.st.nodes / 10);
			ck_assert_uint_gt(s.stops, 3);
			assert_same_run(&s, &u, "powers");
			result_free(&s);
			s = stopped_and_resumed(p, &mp, 0, 0, mixed, 3, 1 + u.st.nodes / 10);
			ck_assert_str_eq(s.count, want[c]);
			result_free(&s);
			result_free(&u);
		}
		dlx_problem_free(p);
	}
	/* Tables holding counts past 2^63 when saved (slots that point to blocks of limbs). */
	dlx_problem *p = big_early();
	for (int order = 0; order < 2; order++) {
		rng_seed(99 + (unsigned)order);
		dlx_memo_params mp = { (dlx_memo_order)order, 0 };
		struct result u = whole(p, &mp, 0, 0, 1);
		ck_assert_str_eq(u.count, "2417851639229258349412352");
		struct result s = stopped_and_resumed(p, &mp, 0, 0, one, 1, 1 + u.st.nodes / 40);
		ck_assert_uint_gt(s.stops, 20);
		assert_same_run(&s, &u, "big early");
		result_free(&s);
		s = stopped_and_resumed(p, &mp, 0, 0, mixed, 3, 1 + u.st.nodes / 40);
		ck_assert_str_eq(s.count, "2417851639229258349412352");
		result_free(&s);
		result_free(&u);
	}
	dlx_problem_free(p);
}
END_TEST

/* Threads before and after, in every mix: the exact count. */
START_TEST(threads_give_the_count)
{
	static const unsigned seqs[][3] = { { 2, 2, 2 }, { 1, 2, 3 }, { 3, 1, 2 }, { 2, 1, 1 } };
	unsigned trials = test_trials(40);
	for (unsigned t = 0; t < trials; t++) {
		rng_seed(5000 + t);
		size_t np = 8 + rng() % 12, ns = rng() % 4, no = 20 + rng() % 60;
		dlx_problem *p = random_problem(np, ns, no, 2 + rng() % 4, t % 3 ? 0 : 2);
		uint64_t want = plain_count(p);
		char w[24];
		snprintf(w, sizeof w, "%llu", (unsigned long long)want);
		dlx_memo_params mp = { (dlx_memo_order)(t % 2), t % 4 == 3 ? 4096 : 0 };
		struct result u = whole(p, &mp, 0, 0, 2);
		ck_assert_str_eq(u.count, w);
		struct result s = stopped_and_resumed(p, &mp, 0, 0, seqs[t % 4], 3, 1 + u.st.nodes / 6);
		ck_assert_msg(!strcmp(s.count, w), "trial %u: %s, want %s", t, s.count, w);
		ck_assert_uint_eq(s.st.solutions, want);
		result_free(&u);
		result_free(&s);
		dlx_problem_free(p);
	}
}
END_TEST

/* Parts: each part stopped and resumed counts dlx_memo_count()'s part, and the parts add up. */
START_TEST(parts_resumed)
{
	static const unsigned seq[] = { 1, 2 };
	dlx_problem *p = queens(8);
	uint64_t want = plain_count(p), sum = 0;
	const uint32_t parts = 5;
	for (uint32_t k = 1; k <= parts; k++) {
		rng_seed(k);
		dlx_memo_params mp = { DLX_MEMO_MRV, 0 };
		dlx_split_params split = { 1, k, parts };
		char *c = NULL;
		dlx_stats st;
		ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, &split, &c, &st, NULL), DLX_OK);
		struct result u = whole(p, &mp, k, parts, 1);
		ck_assert_str_eq(u.count, c);
		struct result s = stopped_and_resumed(p, &mp, k, parts, seq, 1, 1 + u.st.nodes / 7);
		assert_same_run(&s, &u, "part");
		result_free(&s);
		s = stopped_and_resumed(p, &mp, k, parts, seq, 2, 1 + u.st.nodes / 7);
		ck_assert_str_eq(s.count, c);
		sum += strtoull(c, NULL, 10);
		free(c);
		result_free(&s);
		result_free(&u);
	}
	ck_assert_uint_eq(sum, want);
	dlx_problem_free(p);
}
END_TEST

/* A save taken while the workers count (from the caller's poll), resumed later in other threads. */
struct live {
	dlx_problem *p;
	void *saved;
	size_t len;
};

static int save_once(void *ctx, const dlx_stats *so_far)
{
	struct live *l = ctx;
	(void)so_far;
	if (!l->saved)
		ck_assert_int_eq(dlx_checkpoint_save(l->p, 42, &l->saved, &l->len), DLX_OK);
	return 0;
}

START_TEST(saved_while_counting)
{
	/*
	 * Queens 12 counts for longer than the calling thread's first poll (10 ms);
	 * queens 9 under valgrind, which is slow enough for that.  Not
	 * test_size(): a quarter of the trials (CI's sanitizer step) must not
	 * shrink a search whose length the test relies on.
	 */
	dlx_problem *p = queens(getenv("DLX_TEST_WRAPPER") ? 9 : 12);
	uint64_t want = plain_count(p);
	unsigned resumed = 0;
	for (unsigned threads = 1; threads <= 2; threads++) {
		struct live l = { p, NULL, 0 };
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.on_poll = save_once;
		sp.poll_ctx = &l;
		dlx_memo_params mp = { DLX_MEMO_MRV, 0 };
		dlx_split_params split = { threads, 0, 0 };
		char *c = NULL;
		dlx_stats st;
		dlx_error_info err;
		ck_assert_int_eq(dlx_memo_count_resume(p, &sp, &mp, &split, NULL, 0, &c, &st, NULL, &err), DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
		free(c);
		if (!l.saved)
			continue; /* counted before the first poll (a fast machine): nothing to resume */
		uint64_t user = 0;
		ck_assert_int_eq(dlx_checkpoint_user(l.saved, l.len, &user, &err), DLX_OK);
		ck_assert_uint_eq(user, 42);
		split.threads = 3 - threads;
		ck_assert_int_eq(dlx_memo_count_resume(p, NULL, &mp, &split, l.saved, l.len, &c, &st, NULL, &err),
				 DLX_OK);
		ck_assert_uint_eq(st.solutions, want);
		ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
		free(c);
		free(l.saved);
		resumed++;
	}
	/* A test that resumed nothing tests nothing. */
	ck_assert_uint_gt(resumed, 0);
	dlx_problem_free(p);
}
END_TEST

/* A stopped count's checkpoint, and the problem's count after a refusal. */
static void *stopped_checkpoint(dlx_problem *p, const dlx_memo_params *mp, uint32_t part, uint32_t parts,
				size_t *len)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 300;
	sp.poll_interval = 3;
	dlx_split_params split = { 1, part, parts };
	dlx_stats st;
	ck_assert_int_eq(dlx_memo_count_resume(p, &sp, mp, &split, NULL, 0, NULL, &st, NULL, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	void *ck;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, len), DLX_OK);
	return ck;
}

/* A forged checkpoint's checksum made true again (FNV-1a over all but its last 8 bytes, little-endian). */
static void mend(unsigned char *b, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t k = 0; k + 8 < len; k++)
		h = (h ^ b[k]) * 0x100000001b3u;
	for (int j = 0; j < 8; j++)
		b[len - 8 + j] = (unsigned char)(h >> (8 * j));
}

static void assert_refused(dlx_problem *p, const dlx_memo_params *mp, uint32_t part, uint32_t parts,
			   const void *ck, size_t len, const char *says)
{
	dlx_split_params split = { 1, part, parts };
	dlx_error_info err;
	dlx_stats st;
	char *c = NULL;
	ck_assert_int_eq(dlx_memo_count_resume(p, NULL, mp, &split, ck, len, &c, &st, NULL, &err), DLX_ERR_SYNTAX);
	ck_assert_ptr_null(c);
	ck_assert_msg(strstr(err.message, says), "\"%s\" does not say \"%s\"", err.message, says);
	assert_sane(p);
}

START_TEST(refusals)
{
	dlx_problem *p = queens(10), *other = queens(9);
	dlx_memo_params mrv = { DLX_MEMO_MRV, 0 }, first = { DLX_MEMO_FIRST, 0 };
	size_t len;
	void *ck = stopped_checkpoint(p, &mrv, 0, 0, &len);
	assert_refused(p, &first, 0, 0, ck, len, "--order mrv");
	assert_refused(other, &mrv, 0, 0, ck, len, "another problem");
	assert_refused(p, &mrv, 2, 3, ck, len, "not of part 2/3");
	/* The other resumes know a memoized count's checkpoint. */
	dlx_error_info err;
	ck_assert_int_eq(dlx_search_resume(p, NULL, ck, len, NULL, &err), DLX_ERR_SYNTAX);
	ck_assert_ptr_nonnull(strstr(err.message, "memoized count"));
	ck_assert_int_eq(dlx_search_split_resume(p, NULL, 2, ck, len, NULL, &err), DLX_ERR_SYNTAX);
	ck_assert_ptr_nonnull(strstr(err.message, "memoized count"));
	dlx_part part = { 1, 2 };
	ck_assert_int_eq(dlx_search_parts_resume(p, NULL, &part, 1, ck, len, NULL, &err), DLX_ERR_SYNTAX);
	ck_assert_ptr_nonnull(strstr(err.message, "memoized count"));
	/* Every byte flipped, and every length cut: refused, the problem as it was. */
	unsigned char *b = malloc(len);
	for (size_t k = 0; k < len; k += 1 + len / 300) {
		memcpy(b, ck, len);
		b[k] ^= 0x10;
		dlx_split_params split = { 1, 0, 0 };
		ck_assert_int_eq(dlx_memo_count_resume(p, NULL, &mrv, &split, b, len, NULL, NULL, NULL, &err),
				 DLX_ERR_SYNTAX);
		ck_assert_int_eq(dlx_memo_count_resume(p, NULL, &mrv, &split, ck, k, NULL, NULL, NULL, &err),
				 DLX_ERR_SYNTAX);
	}
	/* A cut no run makes (the target a run keeps is 512 per thread): refused before anything is cut. */
	static const uint64_t targets[] = { 0, 511, 513, 512 * 1025 };
	for (size_t k = 0; k < 4; k++) {
		memcpy(b, ck, len);
		for (int j = 0; j < 8; j++)
			b[80 + j] = (unsigned char)(targets[k] >> (8 * j));
		mend(b, len);
		assert_refused(p, &mrv, 0, 0, b, len, "a cut of no allowed size");
	}
	free(b);
	assert_sane(p);
	/* A part's checkpoint: not of the whole, nor of another part. */
	size_t plen;
	void *pk = stopped_checkpoint(p, &mrv, 2, 3, &plen);
	assert_refused(p, &mrv, 0, 0, pk, plen, "checkpoint of part 2/3, not of the whole count");
	assert_refused(p, &mrv, 1, 3, pk, plen, "checkpoint of part 2/3, not of part 1/3");
	free(pk);
	/* A plain count's checkpoint is not a memoized count's. */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 100;
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split_resume(p, &sp, 1, NULL, 0, &st, &err), DLX_OK);
	void *plain;
	size_t plain_len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &plain, &plain_len), DLX_OK);
	assert_refused(p, &mrv, 0, 0, plain, plain_len, "without --memo");
	free(plain);
	/* After the refusals, the count resumes and is right. */
	dlx_split_params split = { 1, 0, 0 };
	ck_assert_int_eq(dlx_memo_count_resume(p, NULL, &mrv, &split, ck, len, NULL, &st, NULL, &err), DLX_OK);
	ck_assert_uint_eq(st.solutions, 724);
	free(ck);
	/* Propagation and bounds are refused as by dlx_memo_count(); on_solution is invalid. */
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	ck_assert_int_eq(dlx_memo_count_resume(p, &sp, &mrv, &split, NULL, 0, NULL, NULL, NULL, NULL),
			 DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_memo_count_resume(NULL, NULL, &mrv, &split, NULL, 0, NULL, NULL, NULL, NULL),
			 DLX_ERR_INVALID);
	dlx_problem_free(p);
	dlx_problem_free(other);
}
END_TEST

/* A solution limit the checkpoint's count reaches stops at once; one reached by the resumed count stops there. */
START_TEST(limits_across_resumes)
{
	dlx_problem *p = queens(10);
	dlx_memo_params mrv = { DLX_MEMO_MRV, 0 };
	size_t len;
	void *ck = stopped_checkpoint(p, &mrv, 0, 0, &len);
	dlx_split_params split = { 1, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 50;
	dlx_stats st;
	char *c = NULL;
	ck_assert_int_eq(dlx_memo_count_resume(p, &sp, &mrv, &split, ck, len, &c, &st, NULL, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	ck_assert_str_eq(c, "50");
	free(c);
	/* A limit reached: nothing to save. */
	void *again;
	size_t again_len;
	ck_assert_int_eq(dlx_checkpoint_save(p, 0, &again, &again_len), DLX_ERR_STATE);
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = 1;
	ck_assert_int_eq(dlx_memo_count_resume(p, &sp, &mrv, &split, ck, len, NULL, &st, NULL, NULL), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
	free(ck);
	/*
	 * A limit the resumed count reaches: in one thread where one
	 * uninterrupted count with that limit stops, every figure the same
	 * (a worker's own count leaves the checkpoint's out).
	 */
	for (uint64_t limit = 100; limit <= 700; limit += 200) {
		dlx_search_params lim = DLX_SEARCH_PARAMS_INIT;
		lim.solution_limit = limit;
		struct result u = { NULL, { 0 }, { 0 }, 0 }, r = { NULL, { 0 }, { 0 }, 0 };
		ck_assert_int_eq(dlx_memo_count_resume(p, &lim, &mrv, &split, NULL, 0, &u.count, &u.st, &u.ms, NULL),
				 DLX_OK);
		ck_assert_int_eq(u.st.stop, DLX_STOP_LIMIT);
		dlx_search_params first = lim;
		first.node_limit = 1500;
		first.poll_interval = 3;
		ck_assert_int_eq(dlx_memo_count_resume(p, &first, &mrv, &split, NULL, 0, NULL, &st, NULL, NULL), DLX_OK);
		ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
		ck_assert_uint_lt(st.solutions, limit);
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
		ck_assert_int_eq(dlx_memo_count_resume(p, &lim, &mrv, &split, ck, len, &r.count, &r.st, &r.ms, NULL),
				 DLX_OK);
		ck_assert_int_eq(r.st.stop, DLX_STOP_LIMIT);
		assert_same_run(&r, &u, "limit");
		free(ck);
		result_free(&u);
		result_free(&r);
	}
	dlx_problem_free(p);
}
END_TEST

static Suite *memo_checkpoint_suite(void)
{
	Suite *s = suite_create("memo-checkpoint");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, one_thread_equals_uninterrupted);
	tcase_add_test(tc, big_counts_resumed);
	tcase_add_test(tc, threads_give_the_count);
	tcase_add_test(tc, parts_resumed);
	tcase_add_test(tc, saved_while_counting);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, limits_across_resumes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(memo_checkpoint_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
