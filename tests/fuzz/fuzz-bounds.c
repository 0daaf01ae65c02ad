/*
 * Differential fuzz harness for Algorithm M and the cheapest solutions
 * (dlx-search-m.c): the bytes become a small problem with items' bounds,
 * colors and options' costs; dlx_search()'s solutions, the memoized
 * count's (dlx_memo_count(), a frontier search for bounds, whole and in
 * parts), the diagram's (dlx_zdd_build(), its ways walked) and
 * dlx_search_best()'s K cheapest costs and ties must match a brute-force
 * enumeration of every subset of the options, done here on bitmasks.
 *
 * Input layout (missing bytes read as 0):
 *   byte 0: bits 0-2 primary items - 1 (1..6, mod), bits 3-4 secondary
 *           items (0..3), bit 5 colors on, bits 6-7 K - 1 for the best
 *   bytes 1..6: each primary item's bounds: bits 0-1 the upper bound - 1
 *           (1..4), bits 2-4 the lower bound, mod (upper + 1)
 *   byte 7: the number of options, mod (MAX_OPTS + 1)
 *   then per option three bytes: bits 0-9 of the first two the items
 *   (masked to those that exist; an option with no primary item gets the
 *   first), bits 10-15 its cost; the third two bits per secondary item, its
 *   color mod 3 (0 none) when colors are on.
 * Any disagreement aborts.  Builds with gcc too, for the replay test.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx-internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_PRIMARY 6
#define MAX_SECONDARY 3
#define MAX_OPTS 12

#define EXPECT(cond, ...)                                                                       \
	do {                                                                                    \
		if (!(cond)) {                                                                  \
			fprintf(stderr, "fuzz-bounds: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                           \
			fputc('\n', stderr);                                                    \
			abort();                                                                \
		}                                                                               \
	} while (0)

struct model {
	size_t np, ns, no, k;
	uint32_t lo[MAX_PRIMARY], hi[MAX_PRIMARY];
	uint32_t mask[MAX_OPTS];
	uint32_t color[MAX_OPTS][MAX_SECONDARY];
	uint64_t cost[MAX_OPTS];
};

static uint8_t byte_at(const uint8_t *d, size_t size, size_t i)
{
	return i < size ? d[i] : 0;
}

static bool is_solution(const struct model *m, uint32_t set)
{
	for (size_t i = 0; i < m->np; i++) {
		uint32_t c = 0;
		for (size_t o = 0; o < m->no; o++)
			c += (set >> o & 1) && (m->mask[o] >> i & 1);
		if (c < m->lo[i] || c > m->hi[i])
			return false;
	}
	for (size_t j = 0; j < m->ns; j++) {
		uint32_t c = 0, col = 0;
		bool plain = false;
		for (size_t o = 0; o < m->no; o++) {
			if (!(set >> o & 1) || !(m->mask[o] >> (m->np + j) & 1))
				continue;
			c++;
			if (!m->color[o][j])
				plain = true;
			else if (col && col != m->color[o][j])
				return false;
			else
				col = m->color[o][j];
		}
		if (plain && c > 1)
			return false;
	}
	return true;
}

struct seen {
	const struct model *m;
	uint8_t *hit; /* by subset: solutions reported */
	uint64_t n;
};

static int on_solution(void *ctx, const size_t *opts, size_t n)
{
	struct seen *s = ctx;
	uint32_t set = 0;
	for (size_t k = 0; k < n; k++) {
		EXPECT(opts[k] < s->m->no, "option %zu out of range", opts[k]);
		EXPECT(!(set >> opts[k] & 1), "option %zu twice in a solution", opts[k]);
		set |= 1u << opts[k];
	}
	EXPECT(is_solution(s->m, set), "reported subset %#x is no solution", (unsigned)set);
	EXPECT(!s->hit[set], "subset %#x reported twice", (unsigned)set);
	s->hit[set] = 1;
	s->n++;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	memset(&m, 0, sizeof m);
	uint8_t b0 = byte_at(data, size, 0);
	m.np = 1 + (b0 & 7) % MAX_PRIMARY;
	m.ns = (b0 >> 3 & 3) % (MAX_SECONDARY + 1);
	bool colors = b0 >> 5 & 1;
	m.k = 1 + (b0 >> 6);
	for (size_t i = 0; i < m.np; i++) {
		uint8_t b = byte_at(data, size, 1 + i);
		m.hi[i] = 1 + (b & 3);
		m.lo[i] = (uint32_t)(b >> 2 & 7) % (m.hi[i] + 1);
	}
	m.no = byte_at(data, size, 7) % (MAX_OPTS + 1);
	size_t ni = m.np + m.ns;
	for (size_t o = 0; o < m.no; o++) {
		size_t at = 8 + 3 * o;
		uint32_t w = byte_at(data, size, at) | (uint32_t)byte_at(data, size, at + 1) << 8;
		m.mask[o] = w & ((1u << ni) - 1) & 0x3ff;
		if (!(m.mask[o] & ((1u << m.np) - 1)))
			m.mask[o] |= 1;
		m.cost[o] = w >> 10;
		uint8_t c = byte_at(data, size, at + 2);
		for (size_t j = 0; j < m.ns; j++)
			m.color[o][j] = colors && (m.mask[o] >> (m.np + j) & 1) ? (uint32_t)(c >> (2 * j) & 3) % 3 : 0;
	}

	dlx_problem *p = dlx_problem_new(m.np, m.ns);
	if (!p)
		return 0;
	for (size_t o = 0; o < m.no; o++) {
		size_t items[16], n = 0;
		uint32_t cols[16];
		for (size_t i = 0; i < ni; i++)
			if (m.mask[o] >> i & 1) {
				cols[n] = i >= m.np ? m.color[o][i - m.np] : 0;
				items[n++] = i;
			}
		EXPECT(dlx_add_option_colored(p, items, cols, n) == (long)o, "option %zu not added", o);
		EXPECT(dlx_set_option_cost(p, o, m.cost[o]) == DLX_OK, "cost of %zu", o);
	}
	for (size_t i = 0; i < m.np; i++)
		EXPECT(dlx_set_item_bounds(p, i, m.lo[i], m.hi[i]) == DLX_OK, "bounds of %zu", i);

	static uint8_t hit[1u << MAX_OPTS];
	memset(hit, 0, sizeof hit);
	static uint64_t costs[1u << MAX_OPTS];
	size_t n_sol = 0;
	for (uint32_t set = 0; set < (1u << m.no); set++) {
		if (!is_solution(&m, set))
			continue;
		uint64_t c = 0;
		for (size_t o = 0; o < m.no; o++)
			c += (set >> o & 1) ? m.cost[o] : 0;
		costs[n_sol++] = c;
	}
	qsort(costs, n_sol, sizeof costs[0], cmp_u64);

	struct seen s = { &m, hit, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = on_solution;
	sp.solution_ctx = &s;
	dlx_stats st;
	EXPECT(dlx_search(p, &sp, &st) == DLX_OK, "search failed");
	EXPECT(st.solutions == n_sol && s.n == n_sol, "%llu solutions, brute force %zu",
	       (unsigned long long)st.solutions, n_sol);
	/*
	 * Algorithm M's heap of urgent items from the start, and taken up and
	 * dropped every few nodes: the same tree as the scans.
	 */
	for (int mode = 1; mode <= 2; mode++) {
		dlx_stats other;
		dlx__set_tracking(p, mode);
		EXPECT(dlx_search(p, NULL, &other) == DLX_OK, "search (tracking %d) failed", mode);
		EXPECT(other.solutions == st.solutions && other.nodes == st.nodes && other.updates == st.updates &&
			       other.branches == st.branches,
		       "tracking %d: %llu nodes, %llu updates, expected %llu, %llu", mode,
		       (unsigned long long)other.nodes, (unsigned long long)other.updates,
		       (unsigned long long)st.nodes, (unsigned long long)st.updates);
	}
	dlx__set_tracking(p, -1);
	/*
	 * The memoized count (the frontier search of a bounded problem): level
	 * by level (the default budget), depth first with no table (1 byte);
	 * its parts add up to it.
	 */
	for (size_t budget = 0; budget < 2; budget++) {
		dlx_memo_params mp = { DLX_MEMO_MRV, budget };
		dlx_stats ms;
		EXPECT(dlx_memo_count(p, NULL, &mp, NULL, NULL, &ms, NULL) == DLX_OK, "memo failed");
		EXPECT(ms.solutions == n_sol, "memo (memory %zu): %llu solutions, brute force %zu", budget,
		       (unsigned long long)ms.solutions, n_sol);
		uint32_t parts = 2 + (uint32_t)(m.no % 3);
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= parts; k++) {
			dlx_split_params part = { 1, k, parts };
			EXPECT(dlx_memo_count(p, NULL, &mp, &part, NULL, &ms, NULL) == DLX_OK, "memo part failed");
			sum += ms.solutions;
		}
		EXPECT(sum == n_sol, "memo in %u parts (memory %zu): %llu solutions, brute force %zu", parts, budget,
		       (unsigned long long)sum, n_sol);
	}
	/* The diagram of all solutions: its count, and its ways the solutions, each once. */
	{
		dlx_zdd *z = NULL;
		dlx_stats zs;
		EXPECT(dlx_zdd_build(p, NULL, NULL, &z, &zs) == DLX_OK && z, "diagram failed");
		EXPECT(zs.solutions == n_sol, "diagram: %llu solutions, brute force %zu", (unsigned long long)zs.solutions,
		       n_sol);
		memset(hit, 0, sizeof hit);
		struct seen ways = { &m, hit, 0 };
		EXPECT(dlx_zdd_visit(z, 0, on_solution, &ways, NULL) == DLX_OK, "diagram walk failed");
		EXPECT(ways.n == n_sol, "diagram: %llu ways, brute force %zu", (unsigned long long)ways.n, n_sol);
		dlx_zdd_free(z);
		memset(hit, 0, sizeof hit);
	}

	dlx_best *best;
	EXPECT(dlx_search_best(p, NULL, m.k, &best, &st) == DLX_OK, "best failed");
	size_t want = n_sol < m.k ? n_sol : m.k;
	EXPECT(best->n == want, "%zu kept, want %zu", best->n, want);
	for (size_t t = 0; t < best->n; t++)
		EXPECT(best->sol[t].cost == costs[t], "cost %zu: %llu, want %llu", t,
		       (unsigned long long)best->sol[t].cost, (unsigned long long)costs[t]);
	uint64_t ties = 0;
	for (size_t t = 0; want && t < n_sol; t++)
		ties += costs[t] == costs[want - 1];
	EXPECT(best->ties == ties, "%llu ties, want %llu", (unsigned long long)best->ties, (unsigned long long)ties);
	/* The heaps of urgent items (with bounds or every item 1:1) from the start, and taken up and dropped: the same tree. */
	for (int mode = 1; mode <= 2; mode++) {
		dlx_best *other;
		dlx_stats os;
		dlx__set_tracking(p, mode);
		EXPECT(dlx_search_best(p, NULL, m.k, &other, &os) == DLX_OK, "best (tracking %d) failed", mode);
		EXPECT(os.nodes == st.nodes && os.updates == st.updates && other->n == best->n &&
			       other->ties == best->ties,
		       "best, tracking %d: %llu nodes, %llu updates, expected %llu, %llu", mode,
		       (unsigned long long)os.nodes, (unsigned long long)os.updates, (unsigned long long)st.nodes,
		       (unsigned long long)st.updates);
		for (size_t t = 0; t < best->n; t++)
			EXPECT(other->sol[t].cost == best->sol[t].cost && other->sol[t].n == best->sol[t].n &&
				       memcmp(other->sol[t].options, best->sol[t].options,
					      best->sol[t].n * sizeof *best->sol[t].options) == 0,
			       "best, tracking %d: solution %zu differs", mode, t);
		dlx_best_free(other);
	}
	dlx__set_tracking(p, -1);
	dlx_best_free(best);
	dlx_problem_free(p);
	return 0;
}
