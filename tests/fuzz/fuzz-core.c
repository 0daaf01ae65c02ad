/*
 * Differential fuzz harness for the engine: the bytes become a small matrix
 * and a few forced options; dlx_search's counts must match a brute-force
 * enumeration done here on bitmasks, which shares nothing with the dancing
 * links, and every reported solution must be a distinct exact cover.
 *
 * Input layout (missing bytes read as 0):
 *   byte 0: primary items, mod 11
 *   byte 1: bits 0-2 secondary items, mod 5; bits 3-4 colors (0: none)
 *   byte 2: bits 0-1 number of forced options, bits 2-7 a node limit - 1
 *   then one byte per forced option: its id, mod (options + 1), so that an
 *   out-of-range id is tried too
 *   then up to MAX_OPTS options of two bytes, little-endian: bits 0-13 the
 *   items (masked to the items that exist), bits 14-15 a rotation of the
 *   item list, so the engine sees items in different orders; rotation 3
 *   also tries the invalid variants (item out of range, repeated item).
 *   With colors each option has a third byte: two bits per secondary item,
 *   its color in the option mod (colors + 1), 0 meaning none.
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

#define MAX_PRIMARY 10
#define MAX_SECONDARY 4
#define MAX_ITEMS (MAX_PRIMARY + MAX_SECONDARY)
/* Solutions are recorded as option bitmasks in a uint32_t. */
#define MAX_OPTS 20
#define MAX_FORCED 3

#define EXPECT(cond, ...)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz-core: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                  \
			fputc('\n', stderr);                                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

struct model {
	size_t np, ns, n;
	uint32_t primary_mask;
	unsigned n_colors;
	size_t n_opts;
	uint32_t mask[MAX_OPTS];
	uint8_t color[MAX_OPTS][MAX_SECONDARY]; /* by secondary item; 0 none */
	size_t forced[MAX_FORCED]; /* the options forced successfully, in order */
	size_t n_forced;
	uint32_t forced_set;       /* the same, as a set of options */
};

/*
 * Whether options a and b cannot both be in a solution: they share a
 * primary item, or a secondary one that they do not both give one color.
 */
static bool clash(const struct model *m, size_t a, size_t b)
{
	uint32_t both = m->mask[a] & m->mask[b];
	if (both & m->primary_mask)
		return true;
	for (size_t j = 0; j < m->ns; j++)
		if (both >> (m->np + j) & 1 && (!m->color[a][j] || m->color[a][j] != m->color[b][j]))
			return true;
	return false;
}

static bool clashes_with(const struct model *m, uint32_t set, size_t a)
{
	for (size_t b = 0; b < m->n_opts; b++)
		if (set >> b & 1 && clash(m, a, b))
			return true;
	return false;
}

/*
 * Exact covers containing every forced option: the other options are taken
 * or not, each only if disjoint from what is taken and holding a primary
 * item (the search branches on primary items only).
 */
static uint64_t brute(const struct model *m, size_t i, uint32_t taken)
{
	if (i == m->n_opts) {
		uint32_t used = 0;
		for (size_t k = 0; k < m->n_opts; k++)
			if (taken >> k & 1)
				used |= m->mask[k];
		return (used & m->primary_mask) == m->primary_mask;
	}
	uint64_t c = brute(m, i + 1, taken);
	if (!(taken >> i & 1) && (m->mask[i] & m->primary_mask) && !clashes_with(m, taken, i))
		c += brute(m, i + 1, taken | 1u << i);
	return c;
}

struct sols {
	const struct model *m;
	uint32_t *seen; /* each solution's options as a bitmask */
	size_t n, cap;
	uint64_t stop_after; /* 0: never ask the search to stop */
};

static int on_solution(void *ctx, const size_t *opts, size_t n)
{
	struct sols *s = ctx;
	const struct model *m = s->m;
	EXPECT(n >= m->n_forced, "%zu options with %zu forced", n, m->n_forced);
	for (size_t k = 0; k < m->n_forced; k++)
		EXPECT(opts[k] == m->forced[k], "solution option %zu is %zu, forced %zu", k, opts[k], m->forced[k]);
	uint32_t used = 0, set = 0;
	for (size_t k = 0; k < n; k++) {
		EXPECT(opts[k] < m->n_opts, "option %zu of %zu", opts[k], m->n_opts);
		EXPECT(!(set & 1u << opts[k]), "option %zu twice", opts[k]);
		EXPECT(!clashes_with(m, set, opts[k]), "option %zu clashes with the others", opts[k]);
		set |= 1u << opts[k];
		used |= m->mask[opts[k]];
	}
	EXPECT((used & m->primary_mask) == m->primary_mask, "primary items 0x%x of 0x%x covered",
	       (unsigned)used, (unsigned)m->primary_mask);
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->seen = realloc(s->seen, s->cap * sizeof *s->seen);
		EXPECT(s->seen != NULL, "out of memory in the harness");
	}
	s->seen[s->n++] = set;
	return s->stop_after && s->n >= s->stop_after;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static void check_links(const dlx_problem *p, const char *when)
{
	const char *what;
	EXPECT(dlx__check(p, &what) == 0, "sane links %s: %s", when, what);
}

/* A full search with every check; returns its statistics. */
static dlx_stats search_all(dlx_problem *p, const struct model *m, uint64_t expect)
{
	struct sols s = { m, NULL, 0, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = on_solution;
	sp.solution_ctx = &s;
	dlx_stats st;
	int rc = dlx_search(p, &sp, &st);
	EXPECT(rc == DLX_OK, "search returned %d", rc);
	EXPECT(st.stop == DLX_STOP_COMPLETE, "stop reason %d", (int)st.stop);
	EXPECT(st.solutions == expect, "%llu solutions, brute force says %llu",
	       (unsigned long long)st.solutions, (unsigned long long)expect);
	EXPECT(s.n == st.solutions, "%zu callbacks for %llu solutions", s.n, (unsigned long long)st.solutions);
	EXPECT(st.nodes >= 1 && st.max_level <= m->np, "%llu nodes, depth %u",
	       (unsigned long long)st.nodes, (unsigned)st.max_level);
	/* Counts equal and all valid: distinct means the very same set. */
	if (s.n > 1) {
		qsort(s.seen, s.n, sizeof *s.seen, cmp_u32);
		for (size_t k = 1; k < s.n; k++)
			EXPECT(s.seen[k] != s.seen[k - 1], "solution 0x%x reported twice", (unsigned)s.seen[k]);
	}
	free(s.seen);
	check_links(p, "after a full search");
	return st;
}

static uint8_t byte_at(const uint8_t *d, size_t size, size_t k)
{
	return k < size ? d[k] : 0;
}

static void add_options(dlx_problem *p, struct model *m, const uint8_t *d, size_t size, size_t pos)
{
	uint32_t full = (1u << m->n) - 1;
	size_t step = m->n_colors ? 3 : 2;
	for (; pos + step - 1 < size && m->n_opts < MAX_OPTS; pos += step) {
		unsigned w = d[pos] | (unsigned)d[pos + 1] << 8;
		uint8_t cbyte = m->n_colors ? d[pos + 2] : 0;
		uint32_t mask = w & full;
		unsigned rot = w >> 14;
		size_t items[MAX_ITEMS + 1], k = 0;
		for (size_t i = 0; i < m->n; i++)
			if (mask & 1u << i)
				items[k++] = i;
		size_t rotated[MAX_ITEMS + 1];
		uint32_t colors[MAX_ITEMS + 1];
		uint8_t by_item[MAX_SECONDARY] = { 0 };
		for (size_t j = 0; j < m->ns; j++)
			by_item[j] = (uint8_t)((cbyte >> (2 * j) & 3) % (m->n_colors + 1));
		for (size_t j = 0; j < k; j++) {
			rotated[j] = items[(j + rot) % k];
			colors[j] = rotated[j] >= m->np ? by_item[rotated[j] - m->np] : 0;
		}

		if (rot == 3 && k > 0) {
			/* Rejected options must leave the problem as it was. */
			size_t bad[MAX_ITEMS + 1];
			memcpy(bad, rotated, k * sizeof *bad);
			bad[k] = m->n + (w & 7);
			long r = dlx_add_option(p, bad, k + 1);
			EXPECT(r == DLX_ERR_INVALID, "item %zu out of range gave %ld", bad[k], r);
			bad[k] = bad[0];
			r = dlx_add_option(p, bad, k + 1);
			EXPECT(r == DLX_ERR_DUPLICATE, "repeated item gave %ld", r);
			EXPECT(dlx_option_count(p) == m->n_opts, "%zu options after rejections", dlx_option_count(p));
			check_links(p, "after rejected options");
		}

		if (m->n_colors && k > 0 && rotated[0] < m->np) {
			/* A color on a primary item is refused and changes nothing. */
			uint32_t c0 = colors[0];
			colors[0] = 1;
			EXPECT(dlx_add_option_colored(p, rotated, colors, k) == DLX_ERR_INVALID, "a colored primary item");
			colors[0] = c0;
		}
		long id = m->n_colors ? dlx_add_option_colored(p, rotated, colors, k) : dlx_add_option(p, rotated, k);
		if (k == 0) {
			EXPECT(id == DLX_ERR_INVALID, "empty option gave %ld", id);
			continue;
		}
		EXPECT(id == (long)m->n_opts, "option id %ld, expected %zu", id, m->n_opts);
		EXPECT(dlx_option_size(p, m->n_opts) == k, "option size %zu, expected %zu",
		       dlx_option_size(p, m->n_opts), k);
		for (size_t j = 0; j < k; j++)
			EXPECT(dlx_option_item(p, m->n_opts, j) == rotated[j], "option %zu item %zu", m->n_opts, j);
		EXPECT(dlx_option_item(p, m->n_opts, k) == (size_t)-1, "an item past the option's end");
		for (size_t j = 0; j < k; j++)
			EXPECT(dlx_option_color(p, m->n_opts, j) == colors[j] || !m->n_colors, "option %zu color %zu",
			       m->n_opts, j);
		memcpy(m->color[m->n_opts], by_item, sizeof by_item);
		m->mask[m->n_opts++] = mask;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	memset(&m, 0, sizeof m);
	m.np = byte_at(data, size, 0) % (MAX_PRIMARY + 1);
	m.ns = (byte_at(data, size, 1) & 7) % (MAX_SECONDARY + 1);
	m.n_colors = byte_at(data, size, 1) >> 3 & 3;
	m.n = m.np + m.ns;
	m.primary_mask = (1u << m.np) - 1;
	uint8_t b2 = byte_at(data, size, 2);
	size_t n_force = b2 & 3;
	uint64_t node_limit = (b2 >> 2) + 1u;
	size_t pos = 3 + n_force;

	dlx_problem *p = dlx_problem_new(m.np, m.ns);
	EXPECT(p != NULL, "dlx_problem_new(%zu, %zu) failed", m.np, m.ns);
	EXPECT(dlx_primary_count(p) == m.np && dlx_secondary_count(p) == m.ns, "item counts");
	check_links(p, "in a new problem");
	add_options(p, &m, data, size, pos);
	EXPECT(dlx_option_count(p) == m.n_opts, "%zu options, expected %zu", dlx_option_count(p), m.n_opts);
	check_links(p, "after adding options");

	uint64_t free_count = brute(&m, 0, 0);
	dlx_stats free_st = search_all(p, &m, free_count);

	for (size_t f = 0; f < n_force; f++) {
		size_t opt = byte_at(data, size, 3 + f) % (m.n_opts + 1);
		int r = dlx_force_option(p, opt);
		if (opt == m.n_opts) {
			EXPECT(r == DLX_ERR_INVALID, "forcing option %zu of %zu gave %d", opt, m.n_opts, r);
		} else if (clashes_with(&m, m.forced_set, opt) || m.forced_set >> opt & 1) {
			EXPECT(r == DLX_ERR_CONFLICT, "forcing clashing option %zu gave %d", opt, r);
		} else {
			EXPECT(r == DLX_OK, "forcing option %zu gave %d", opt, r);
			m.forced[m.n_forced++] = opt;
			m.forced_set |= 1u << opt;
		}
		EXPECT(dlx_forced_count(p) == m.n_forced, "%zu forced, expected %zu", dlx_forced_count(p), m.n_forced);
		check_links(p, "after forcing");
	}
	if (m.n_forced) {
		size_t item = 0;
		EXPECT(dlx_add_option(p, &item, 1) == DLX_ERR_STATE, "adding while forced");
		EXPECT(dlx_option_count(p) == m.n_opts, "an option added while forced");
	}

	uint64_t count = brute(&m, 0, m.forced_set);
	dlx_stats full = search_all(p, &m, count);

	/* Limit 1 answers "is there a solution". */
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 1;
	dlx_stats st;
	EXPECT(dlx_search(p, &sp, &st) == DLX_OK, "limit-1 search failed");
	EXPECT(st.solutions == (count > 0), "limit 1: %llu solutions of %llu", (unsigned long long)st.solutions,
	       (unsigned long long)count);
	EXPECT(st.stop == (count > 0 ? DLX_STOP_LIMIT : DLX_STOP_COMPLETE), "limit 1: stop %d", (int)st.stop);
	check_links(p, "after a limit-1 search");

	/* A callback asking to stop after the first solution. */
	struct sols s = { &m, NULL, 0, 0, 1 };
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = on_solution;
	sp.solution_ctx = &s;
	EXPECT(dlx_search(p, &sp, &st) == DLX_OK, "stopping search failed");
	EXPECT(st.solutions == (count > 0) && s.n == st.solutions, "callback stop: %llu solutions",
	       (unsigned long long)st.solutions);
	EXPECT(st.stop == (count > 0 ? DLX_STOP_CALLBACK : DLX_STOP_COMPLETE), "callback stop: stop %d", (int)st.stop);
	free(s.seen);
	check_links(p, "after a search stopped by its callback");

	/* "A search that needs exactly node_limit nodes completes." */
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = node_limit;
	EXPECT(dlx_search(p, &sp, &st) == DLX_OK, "node-limited search failed");
	if (node_limit >= full.nodes) {
		EXPECT(st.stop == DLX_STOP_COMPLETE && st.solutions == count && st.nodes == full.nodes,
		       "limit %llu >= %llu nodes: stop %d, %llu solutions", (unsigned long long)node_limit,
		       (unsigned long long)full.nodes, (int)st.stop, (unsigned long long)st.solutions);
	} else {
		EXPECT(st.stop == DLX_STOP_NODE_LIMIT && st.nodes == node_limit && st.solutions <= count,
		       "limit %llu < %llu nodes: stop %d, %llu nodes, %llu solutions", (unsigned long long)node_limit,
		       (unsigned long long)full.nodes, (int)st.stop, (unsigned long long)st.nodes,
		       (unsigned long long)st.solutions);
	}
	check_links(p, "after a node-limited search");

	/* The searches above must have restored everything: the same tree again. */
	dlx_stats again = search_all(p, &m, count);
	EXPECT(again.nodes == full.nodes && again.updates == full.updates, "second search: %llu nodes, %llu updates",
	       (unsigned long long)again.nodes, (unsigned long long)again.updates);

	/* Both ways of choosing the branching item choose the same items. */
	for (int mode = 0; mode <= 1; mode++) {
		dlx__set_tracking(p, mode);
		dlx_stats other = search_all(p, &m, count);
		EXPECT(other.nodes == full.nodes && other.updates == full.updates,
		       "tracking %d: %llu nodes, %llu updates, expected %llu, %llu", mode,
		       (unsigned long long)other.nodes, (unsigned long long)other.updates,
		       (unsigned long long)full.nodes, (unsigned long long)full.updates);
	}
	dlx__set_tracking(p, -1);

	/*
	 * The tree estimate sees the tree the search walks: followed along
	 * every path, its nodes and solutions are the search's; one probe
	 * leaves the links as they were.
	 */
	uint64_t est_nodes, est_sols;
	EXPECT(dlx__estimate_exact(p, NULL, 0, &est_nodes, &est_sols) == DLX_OK, "exact estimate failed");
	EXPECT(est_nodes == full.nodes && est_sols == full.solutions,
	       "the estimate's tree: %llu nodes, %llu solutions; the search's %llu, %llu",
	       (unsigned long long)est_nodes, (unsigned long long)est_sols, (unsigned long long)full.nodes,
	       (unsigned long long)full.solutions);
	dlx_estimate est;
	EXPECT(dlx_estimate_tree(p, 1, node_limit, NULL, 0, NULL, &est) == DLX_OK, "estimate failed");
	/* A probe that ends at a solution found one: there is one. */
	EXPECT(est.nodes >= 1 && (est.solutions == 0 || full.solutions > 0), "estimate: %g nodes, %g solutions of %llu",
	       est.nodes, est.solutions, (unsigned long long)full.solutions);
	check_links(p, "after an estimate");

	/*
	 * The memoized count equals the brute force, with either rule, with a
	 * table of the default size, one too small to keep anything and one
	 * that must drop counts; a node-limited one gives at most the count;
	 * and all of them leave the links as they were.
	 */
	static const size_t budgets[] = { 0, 1, 600 };
	for (int order = 0; order <= 1; order++) {
		for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
			dlx_memo_params mp = { (dlx_memo_order)order, budgets[b] };
			char *text;
			EXPECT(dlx_memo_count(p, NULL, &mp, NULL, &text, &st, NULL) == DLX_OK, "memoized count failed");
			EXPECT(text && strtoull(text, NULL, 10) == count && st.solutions == count &&
				       st.stop == DLX_STOP_COMPLETE,
			       "order %d, memory %zu: memoized count %s, brute force %llu", order, budgets[b],
			       text ? text : "(none)", (unsigned long long)count);
			free(text);
			check_links(p, "after a memoized count");
		}
		dlx_memo_params mp = { (dlx_memo_order)order, 0 };
		sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
		sp.node_limit = node_limit;
		EXPECT(dlx_memo_count(p, &sp, &mp, NULL, NULL, &st, NULL) == DLX_OK, "node-limited memoized count failed");
		EXPECT(st.solutions <= count && (st.stop == DLX_STOP_COMPLETE ? st.solutions == count
									      : st.stop == DLX_STOP_NODE_LIMIT),
		       "node-limited memoized count: %llu of %llu, stop %d", (unsigned long long)st.solutions,
		       (unsigned long long)count, (int)st.stop);
		check_links(p, "after a node-limited memoized count");
	}
	again = search_all(p, &m, count);
	EXPECT(again.nodes == full.nodes, "after the memoized counts: %llu nodes, expected %llu",
	       (unsigned long long)again.nodes, (unsigned long long)full.nodes);

	/*
	 * Propagation removes only options in no solution: the same solutions
	 * (search_all checks each against the model), and every stop leaves
	 * the links as they were.
	 */
	dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME);
	(void)search_all(p, &m, count);
	check_links(p, "after a propagating search");
	sp = (dlx_search_params)DLX_SEARCH_PARAMS_INIT;
	sp.node_limit = node_limit;
	EXPECT(dlx_search(p, &sp, &st) == DLX_OK, "propagating node-limited search failed");
	check_links(p, "after a propagating node-limited search");
	dlx_set_propagation(p, DLX_PROPAGATE_NONE);

	/*
	 * Release, then force and release the same options twice more: a
	 * release may restore a snapshot taken by the one before.
	 */
	struct model unforced = m;
	unforced.n_forced = 0;
	unforced.forced_set = 0;
	for (int round = 0; round < 3; round++) {
		dlx_release_forced(p);
		EXPECT(dlx_forced_count(p) == 0, "%zu forced after release", dlx_forced_count(p));
		check_links(p, "after releasing forced options");
		dlx_stats after = search_all(p, &unforced, free_count);
		EXPECT(after.nodes == free_st.nodes && after.updates == free_st.updates,
		       "after release %d: %llu nodes, %llu updates, before forcing %llu, %llu", round,
		       (unsigned long long)after.nodes, (unsigned long long)after.updates,
		       (unsigned long long)free_st.nodes, (unsigned long long)free_st.updates);
		if (round == 2)
			break;
		for (size_t f = 0; f < m.n_forced; f++)
			EXPECT(dlx_force_option(p, m.forced[f]) == DLX_OK, "forcing option %zu again", m.forced[f]);
		dlx_stats refixed = search_all(p, &m, count);
		EXPECT(refixed.nodes == full.nodes, "forced again: %llu nodes, expected %llu",
		       (unsigned long long)refixed.nodes, (unsigned long long)full.nodes);
	}

	dlx_problem_free(p);
	return 0;
}
