/*
 * Check suite "memo": dlx_memo_count() against dlx_search() and brute force
 * on thousands of random problems (secondary items, colors, forced options,
 * tiny tables that must drop counts), against known tiling counts and an
 * independent transfer-matrix count, past 2^64, stopped by every limit,
 * in parts and threads, and its refusals.
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

/* dlx_search()'s count, with the problem's sanity checked after. */
static uint64_t plain_count(dlx_problem *p, uint64_t *nodes)
{
	dlx_stats st;
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	if (nodes)
		*nodes = st.nodes;
	return st.solutions;
}

/* The memoized count as a number (it must fit), with the given rule and budget. */
static uint64_t memo_count(dlx_problem *p, dlx_memo_order order, size_t memory, dlx_stats *st, dlx_memo_stats *ms)
{
	dlx_memo_params mp = { order, memory };
	char *s;
	ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, NULL, &s, st, ms), DLX_OK);
	ck_assert_ptr_nonnull(s);
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	ck_assert_msg(*s && !*end, "count '%s' is not a number", s);
	free(s);
	ck_assert_uint_eq(st->solutions, v);
	ck_assert_int_eq(st->stop, DLX_STOP_COMPLETE);
	return v;
}

/*
 * A random problem: np primary items, ns secondary ones, no options of
 * random items (one primary at least), colors on the secondary items when
 * n_colors > 0.  masks[k] gets option k's items for the brute force, and
 * colors[k][j] the color it gives secondary item j.
 */
static dlx_problem *random_problem(size_t np, size_t ns, size_t no, unsigned density, unsigned n_colors,
				   uint32_t *masks, uint32_t (*colors)[8])
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < no; k++) {
		size_t items[32], n = 0;
		uint32_t col[32];
		masks[k] = 0;
		for (size_t i = 0; i < np + ns; i++) {
			bool last_chance = i == np - 1 && !(masks[k] & ((1u << np) - 1));
			if (rng() % density == 0 || last_chance) {
				items[n] = i;
				col[n] = i >= np && n_colors ? rng() % (n_colors + 1) : 0;
				if (i >= np)
					colors[k][i - np] = col[n];
				masks[k] |= 1u << i;
				n++;
			}
		}
		ck_assert_int_eq(dlx_add_option_colored(p, items, col, n), (long)k);
	}
	return p;
}

/* Whether the set s of options is an exact cover (colors included). */
static bool cover_ok(size_t np, size_t ns, size_t no, const uint32_t *masks, uint32_t (*colors)[8], uint32_t s)
{
	uint32_t used = 0, primary = (1u << np) - 1;
	int64_t state[8] = { 0 };
	for (size_t k = 0; k < no; k++) {
		if (!(s >> k & 1))
			continue;
		if (used & masks[k] & primary)
			return false;
		used |= masks[k];
		for (size_t j = 0; j < ns; j++) {
			if (!(masks[k] >> (np + j) & 1))
				continue;
			int64_t c = colors[k][j];
			if (state[j] == 0)
				state[j] = c ? c : -1;
			else if (state[j] == -1 || c == 0 || state[j] != c)
				return false;
		}
	}
	return (used & primary) == primary;
}

/* Counts both ways, and with a table so small that it must drop counts; the problem is left as it was. */
static uint64_t check_against_plain(dlx_problem *p, unsigned seed)
{
	uint64_t nodes, want = plain_count(p, &nodes);
	static const size_t budgets[] = { 0, 4096, 1 };
	for (int order = 0; order < 2; order++)
		for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
			dlx_stats st;
			dlx_memo_stats ms;
			uint64_t got = memo_count(p, (dlx_memo_order)order, budgets[b], &st, &ms);
			ck_assert_msg(got == want, "seed %u, order %d, memory %zu: memo %llu, plain %llu", seed, order,
				      budgets[b], (unsigned long long)got, (unsigned long long)want);
			/* The MRV rule is dlx_search()'s: the memoized tree is the plain one with subtrees cut off. */
			if (order == DLX_MEMO_MRV)
				ck_assert_uint_le(st.nodes, nodes);
			ck_assert_uint_le(ms.hits, ms.lookups);
			if (budgets[b] == 1)
				ck_assert_uint_eq(ms.stored, 0);
			assert_sane(p);
		}
	ck_assert_uint_eq(plain_count(p, NULL), want);
	return want;
}

START_TEST(random_small_vs_brute_force)
{
	unsigned several = 0, n = test_trials(600);
	for (unsigned seed = 0; seed < n; seed++) {
		rng_seed(seed * 2654435761u + 11);
		size_t np = 1 + rng() % 7, ns = rng() % 5, no = 1 + rng() % 13;
		unsigned colors_n = rng() % 2 ? 1 + rng() % 3 : 0;
		uint32_t masks[16], colors[16][8];
		memset(colors, 0, sizeof colors);
		dlx_problem *p = random_problem(np, ns, no, 2 + rng() % 3, colors_n, masks, colors);
		uint64_t want = 0;
		for (uint32_t s = 0; s < (1u << no); s++)
			want += cover_ok(np, ns, no, masks, colors, s);
		ck_assert_uint_eq(check_against_plain(p, seed), want);
		several += want > 1;
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(several, n / 12);
}
END_TEST

/* Larger problems, where states recur: thousands, with and without colors, some with an option forced. */
START_TEST(random_larger_vs_plain)
{
	unsigned hits = 0, nonzero = 0, n = test_trials(3000);
	for (unsigned seed = 0; seed < n; seed++) {
		rng_seed(seed * 40503u + 5);
		size_t np = 4 + rng() % 14, ns = rng() % 6, no = 8 + rng() % 40;
		unsigned colors_n = rng() % 2 ? 1 + rng() % 3 : 0;
		uint32_t masks[64], colors[64][8];
		memset(colors, 0, sizeof colors);
		dlx_problem *p = random_problem(np, ns, no, 3 + rng() % 4, colors_n, masks, colors);
		if (seed % 3 == 0)
			(void)dlx_force_option(p, rng() % no);
		nonzero += check_against_plain(p, seed) > 0;
		dlx_memo_stats ms;
		dlx_stats st;
		(void)memo_count(p, DLX_MEMO_MRV, 0, &st, &ms);
		hits += ms.hits > 0;
		dlx_release_forced(p);
		assert_sane(p);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(nonzero, n / 10);
	ck_assert_uint_gt(hits, n / 10);
}
END_TEST

START_TEST(queens_counts)
{
	static const uint64_t q[] = { 1, 0, 0, 2, 10, 4, 40, 92, 352, 724 };
	for (size_t n = 1; n <= 10; n++) {
		dlx_problem *p = queens(n);
		dlx_stats st;
		dlx_memo_stats ms;
		ck_assert_uint_eq(memo_count(p, DLX_MEMO_MRV, 0, &st, &ms), q[n - 1]);
		ck_assert_uint_eq(memo_count(p, DLX_MEMO_FIRST, 0, &st, &ms), q[n - 1]);
		dlx_problem_free(p);
	}
}
END_TEST

/* Pieces as cells (row, column) relative to their first cell in reading order. */
struct piece {
	int n;
	int dr[4], dc[4];
};

/* Every orientation of the shapes given by rows of "#." strings, each once, first cell (reading order) at 0,0. */
static int orientations(const char *const *shapes, int n_shapes, struct piece *out)
{
	int count = 0;
	for (int s = 0; s < n_shapes; s++) {
		int r0[4], c0[4], n = 0;
		for (int r = 0, k = 0; shapes[s][k]; k++) {
			if (shapes[s][k] == '/') {
				r++;
				continue;
			}
			int c = 0;
			for (int j = k; j > 0 && shapes[s][j - 1] != '/'; j--)
				c++;
			if (shapes[s][k] == '#') {
				r0[n] = r;
				c0[n] = c;
				n++;
			}
		}
		for (int o = 0; o < 8; o++) {
			struct piece pc = { n, { 0 }, { 0 } };
			int rr[4], cc[4];
			for (int k = 0; k < n; k++) {
				int r = o & 4 ? c0[k] : r0[k], c = o & 4 ? r0[k] : c0[k];
				rr[k] = o & 1 ? -r : r;
				cc[k] = o & 2 ? -c : c;
			}
			/* The first cell in reading order becomes the origin. */
			int f = 0;
			for (int k = 1; k < n; k++)
				if (rr[k] < rr[f] || (rr[k] == rr[f] && cc[k] < cc[f]))
					f = k;
			for (int k = 0; k < n; k++) {
				pc.dr[k] = rr[k] - rr[f];
				pc.dc[k] = cc[k] - cc[f];
			}
			/* Sorted in reading order, so that equal orientations compare equal. */
			for (int a = 1; a < n; a++)
				for (int b = a; b > 0 && (pc.dr[b] * 16 + pc.dc[b] < pc.dr[b - 1] * 16 + pc.dc[b - 1]); b--) {
					int t = pc.dr[b];
					pc.dr[b] = pc.dr[b - 1];
					pc.dr[b - 1] = t;
					t = pc.dc[b];
					pc.dc[b] = pc.dc[b - 1];
					pc.dc[b - 1] = t;
				}
			bool seen = false;
			for (int k = 0; k < count && !seen; k++)
				seen = !memcmp(&out[k], &pc, sizeof pc);
			if (!seen)
				out[count++] = pc;
		}
	}
	return count;
}

/* The tilings of a rows x cols board by the pieces, as exact cover: cells in reading order. */
static dlx_problem *tiling_problem(int rows, int cols, const struct piece *pcs, int n_pcs)
{
	dlx_problem *p = dlx_problem_new((size_t)(rows * cols), 0);
	ck_assert_ptr_nonnull(p);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			for (int k = 0; k < n_pcs; k++) {
				size_t items[4];
				bool fits = true;
				for (int j = 0; j < pcs[k].n; j++) {
					int rr = r + pcs[k].dr[j], cc = c + pcs[k].dc[j];
					fits &= rr >= 0 && rr < rows && cc >= 0 && cc < cols;
					items[j] = (size_t)(rr * cols + cc);
				}
				if (fits)
					ck_assert_int_ge(dlx_add_option(p, items, (size_t)pcs[k].n), 0);
			}
	return p;
}

/*
 * The transfer-matrix count of the same tilings, sharing nothing with the
 * engine: cells in reading order, the state the filled cells among the
 * next 4 x cols (a piece reaches at most 3 rows down); the first empty
 * cell is covered by a piece whose first cell it is.
 */
static uint64_t transfer_count(int rows, int cols, const struct piece *pcs, int n_pcs)
{
	int k_bits = 4 * cols;
	size_t states = (size_t)1 << k_bits;
	uint64_t *cur = calloc(states, sizeof *cur), *next = calloc(states, sizeof *next);
	ck_assert(cur && next);
	cur[0] = 1;
	for (int pos = 0; pos < rows * cols; pos++) {
		int r = pos / cols, c = pos % cols;
		memset(next, 0, states * sizeof *next);
		for (size_t m = 0; m < states; m++) {
			if (!cur[m])
				continue;
			if (m & 1) {
				next[m >> 1] += cur[m];
				continue;
			}
			for (int k = 0; k < n_pcs; k++) {
				size_t bits = 0;
				bool fits = true;
				for (int j = 0; j < pcs[k].n && fits; j++) {
					int rr = r + pcs[k].dr[j], cc = c + pcs[k].dc[j];
					fits = rr < rows && cc >= 0 && cc < cols;
					bits |= (size_t)1 << (pcs[k].dr[j] * cols + pcs[k].dc[j]);
				}
				if (fits && !(bits & m))
					next[(m | bits) >> 1] += cur[m];
			}
		}
		uint64_t *t = cur;
		cur = next;
		next = t;
	}
	uint64_t r = cur[0];
	free(cur);
	free(next);
	return r;
}

START_TEST(tilings_vs_transfer_matrix)
{
	static const char *const domino[] = { "##" };
	static const char *const tromino[] = { "###", "#./##" };
	static const char *const tetromino[] = { "####", "##/##", "###/.#.", ".##/##.", "#./#./##" };
	struct piece pcs[40];
	struct {
		const char *const *shapes;
		int n_shapes, cols, max_rows;
	} fam[] = { { domino, 1, 3, 12 }, { domino, 1, 4, 10 }, { tromino, 2, 3, 12 }, { tetromino, 5, 4, 8 } };
	for (size_t f = 0; f < sizeof fam / sizeof fam[0]; f++) {
		int n = orientations(fam[f].shapes, fam[f].n_shapes, pcs);
		for (int rows = 1; rows <= fam[f].max_rows; rows++) {
			uint64_t want = transfer_count(rows, fam[f].cols, pcs, n);
			dlx_problem *p = tiling_problem(rows, fam[f].cols, pcs, n);
			dlx_stats st;
			dlx_memo_stats ms;
			for (int order = 0; order < 2; order++)
				ck_assert_msg(memo_count(p, (dlx_memo_order)order, 0, &st, &ms) == want,
					      "family %zu, %dx%d, order %d: want %llu", f, rows, fam[f].cols, order,
					      (unsigned long long)want);
			if (rows <= 6)
				ck_assert_uint_eq(plain_count(p, NULL), want);
			dlx_problem_free(p);
		}
	}
	/* Known values as a check on the checker: 3 x 2n dominoes 1, 3, 11, 41, 153; 4 x 4 36. */
	int n = orientations(domino, 1, pcs);
	ck_assert_uint_eq(transfer_count(8, 3, pcs, n), 153);
	ck_assert_uint_eq(transfer_count(4, 4, pcs, n), 36);
}
END_TEST

/* The count of a problem in decimal, and its limit, by memo. */
static char *memo_string(dlx_problem *p, dlx_memo_order order, const dlx_search_params *sp, dlx_stats *st)
{
	dlx_memo_params mp = { order, 0 };
	char *s;
	ck_assert_int_eq(dlx_memo_count(p, sp, &mp, NULL, &s, st, NULL), DLX_OK);
	ck_assert_ptr_nonnull(s);
	return s;
}

START_TEST(domino_squares_past_2_64)
{
	static const char *const known[] = { "2", "36", "6728", "12988816", "258584046368",
		"53060477521960000", "112202208776036178000000" };
	static const char *const domino[] = { "##" };
	struct piece pcs[2];
	int n = orientations(domino, 1, pcs);
	for (int k = 1; k <= 7; k++) {
		dlx_problem *p = tiling_problem(2 * k, 2 * k, pcs, n);
		for (int order = 0; order < 2; order++) {
			dlx_stats st;
			char *s = memo_string(p, (dlx_memo_order)order, NULL, &st);
			ck_assert_str_eq(s, known[k - 1]);
			ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
			/* Past 2^64 the 64-bit figure saturates. */
			ck_assert_uint_eq(st.solutions, k == 7 ? UINT64_MAX : strtoull(known[k - 1], NULL, 10));
			free(s);
		}
		assert_sane(p);
		dlx_problem_free(p);
	}
}
END_TEST

/* c^k in decimal, by schoolbook multiplication. */
static void power_string(unsigned c, unsigned k, char *out)
{
	unsigned char d[128] = { 1 };
	size_t n = 1;
	for (unsigned e = 0; e < k; e++) {
		unsigned carry = 0;
		for (size_t j = 0; j < n; j++) {
			unsigned v = d[j] * c + carry;
			d[j] = (unsigned char)(v % 10);
			carry = v / 10;
		}
		while (carry) {
			d[n++] = (unsigned char)(carry % 10);
			carry /= 10;
		}
	}
	for (size_t j = 0; j < n; j++)
		out[j] = (char)('0' + d[n - 1 - j]);
	out[n] = '\0';
}

/* k items with c options each, alone: c^k solutions, counts around 2^63, 2^64 and far past. */
START_TEST(powers_around_2_64)
{
	static const unsigned cases[][2] = { { 2, 62 }, { 2, 63 }, { 2, 64 }, { 2, 65 }, { 3, 40 }, { 3, 41 },
		{ 2, 200 }, { 5, 100 } };
	for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
		unsigned c = cases[t][0], k = cases[t][1];
		dlx_problem *p = dlx_problem_new(k, 0);
		for (size_t i = 0; i < k; i++)
			for (unsigned j = 0; j < c; j++)
				ck_assert_int_ge(dlx_add_option(p, &i, 1), 0);
		char want[128];
		power_string(c, k, want);
		for (int order = 0; order < 2; order++) {
			dlx_stats st;
			char *s = memo_string(p, (dlx_memo_order)order, NULL, &st);
			ck_assert_str_eq(s, want);
			free(s);
		}
		dlx_problem_free(p);
	}
}
END_TEST

/* Node limit, polls and solution limits: a partial count below the whole, and the problem as it was. */
static int stop_at_third_poll(void *ctx, const dlx_stats *so_far)
{
	int *polls = ctx;
	(void)so_far;
	return ++*polls >= 3;
}

START_TEST(limits_give_partial_counts)
{
	dlx_problem *p = queens(9);
	uint64_t nodes, want = plain_count(p, &nodes);
	for (int order = 0; order < 2; order++) {
		for (uint64_t limit = 1; limit < 2000; limit = limit * 3 + 1) {
			dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
			sp.node_limit = limit;
			dlx_stats st;
			char *s = memo_string(p, (dlx_memo_order)order, &sp, &st);
			ck_assert_uint_le(strtoull(s, NULL, 10), want);
			ck_assert_uint_eq(strtoull(s, NULL, 10), st.solutions);
			if (st.stop == DLX_STOP_NODE_LIMIT)
				ck_assert_uint_eq(st.nodes, limit);
			else
				ck_assert_uint_eq(st.solutions, want);
			free(s);
			assert_sane(p);
			ck_assert_uint_eq(plain_count(p, NULL), want);
		}
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		int polls = 0;
		sp.on_poll = stop_at_third_poll;
		sp.poll_ctx = &polls;
		sp.poll_interval = 10;
		dlx_stats st;
		char *s = memo_string(p, (dlx_memo_order)order, &sp, &st);
		ck_assert_int_eq(st.stop, DLX_STOP_POLL);
		ck_assert_int_eq(polls, 3);
		ck_assert_uint_lt(st.solutions, want);
		ck_assert(st.progress >= 0 && st.progress < 1);
		free(s);
		ck_assert_uint_eq(plain_count(p, NULL), want);

		for (uint64_t lim = 1; lim <= want + 1; lim += 37) {
			dlx_search_params sl = DLX_SEARCH_PARAMS_INIT;
			sl.solution_limit = lim;
			s = memo_string(p, (dlx_memo_order)order, &sl, &st);
			ck_assert_uint_eq(strtoull(s, NULL, 10), lim <= want ? lim : want);
			ck_assert_int_eq(st.stop, lim <= want ? DLX_STOP_LIMIT : DLX_STOP_COMPLETE);
			free(s);
		}
		assert_sane(p);
	}
	dlx_problem_free(p);
}
END_TEST

/* Each part's count is dlx_search_split()'s for the part; parts and threads add up to the whole. */
START_TEST(parts_and_threads)
{
	static const char *const domino[] = { "##" };
	struct piece pcs[2];
	int n = orientations(domino, 1, pcs);
	dlx_problem *probs[3] = { queens(8), tiling_problem(6, 6, pcs, n), NULL };
	uint32_t masks[64], colors[64][8];
	rng_seed(99);
	probs[2] = random_problem(16, 4, 60, 4, 2, masks, colors);
	for (int k = 0; k < 3; k++) {
		dlx_problem *p = probs[k];
		uint64_t want = plain_count(p, NULL);
		for (uint32_t m = 1; m <= 9; m += 4) {
			for (int order = 0; order < 2; order++) {
				uint64_t sum = 0;
				for (uint32_t part = 1; part <= m; part++) {
					dlx_split_params sp = { 1, part, m };
					dlx_stats plain, st;
					ck_assert_int_eq(dlx_search_split(p, NULL, &sp, &plain), DLX_OK);
					dlx_memo_params mp = { (dlx_memo_order)order, 0 };
					char *s;
					ck_assert_int_eq(dlx_memo_count(p, NULL, &mp, &sp, &s, &st, NULL), DLX_OK);
					ck_assert_uint_eq(strtoull(s, NULL, 10), plain.solutions);
					ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
					sum += plain.solutions;
					free(s);
					assert_sane(p);
				}
				ck_assert_uint_eq(sum, want);
			}
		}
		for (unsigned threads = 2; threads <= 3; threads++) {
			dlx_split_params sp = { threads, 0, 0 };
			dlx_stats st;
			dlx_memo_stats ms;
			char *s;
			ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &sp, &s, &st, &ms), DLX_OK);
			ck_assert_uint_eq(strtoull(s, NULL, 10), want);
			free(s);
			/* A part on threads too. */
			sp.part = 2;
			sp.parts = 3;
			dlx_stats plain;
			ck_assert_int_eq(dlx_search_split(p, NULL, &sp, &plain), DLX_OK);
			ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &sp, &s, &st, &ms), DLX_OK);
			ck_assert_uint_eq(strtoull(s, NULL, 10), plain.solutions);
			free(s);
			assert_sane(p);
		}
		dlx_problem_free(p);
	}
}
END_TEST

static int never(void *ctx, const size_t *options, size_t n)
{
	(void)ctx, (void)options, (void)n;
	return 0;
}

START_TEST(refusals)
{
	dlx_problem *p = queens(5);
	char *s = (char *)1;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = never;
	ck_assert_int_eq(dlx_memo_count(p, &sp, NULL, NULL, &s, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(dlx_memo_count(NULL, NULL, NULL, NULL, &s, NULL, NULL), DLX_ERR_INVALID);
	dlx_memo_params bad = { (dlx_memo_order)7, 0 };
	ck_assert_int_eq(dlx_memo_count(p, NULL, &bad, NULL, &s, NULL, NULL), DLX_ERR_INVALID);
	dlx_split_params part0 = { 1, 0, 3 }, too_many = { 1, 1, DLX_MAX_PARTS + 1 };
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &part0, &s, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, &too_many, &s, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, NULL, &s, NULL, NULL), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_NONE), DLX_OK);
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, NULL, &s, NULL, NULL), DLX_ERR_STATE);
	dlx_iter_free(it);
	/* Without a place for the count, the statistics still tell it. */
	dlx_stats st;
	ck_assert_int_eq(dlx_memo_count(p, NULL, NULL, NULL, NULL, &st, NULL), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	dlx_problem_free(p);
	/* No primary item: the empty solution. */
	p = dlx_problem_new(0, 2);
	s = memo_string(p, DLX_MEMO_FIRST, NULL, &st);
	ck_assert_str_eq(s, "1");
	free(s);
	dlx_problem_free(p);
}
END_TEST

static Suite *memo_suite(void)
{
	Suite *s = suite_create("memo");
	TCase *tc = tcase_create("random");
	tcase_add_test(tc, random_small_vs_brute_force);
	tcase_add_test(tc, random_larger_vs_plain);
	tcase_add_test(tc, queens_counts);
	suite_add_tcase(s, tc);
	tc = tcase_create("counts");
	tcase_add_test(tc, tilings_vs_transfer_matrix);
	tcase_add_test(tc, domino_squares_past_2_64);
	tcase_add_test(tc, powers_around_2_64);
	suite_add_tcase(s, tc);
	tc = tcase_create("modes");
	tcase_add_test(tc, limits_give_partial_counts);
	tcase_add_test(tc, parts_and_threads);
	tcase_add_test(tc, refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(memo_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
