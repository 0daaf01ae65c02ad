/*
 * The module dlx-cadical.so (see dlx-sat-module.h): CaDiCaL's C interface
 * as the table dlx-sat.c loads.  Linked with CaDiCaL and libstdc++
 * statically; this table is its only exported symbol.
 *
 * C++ for one reason: CaDiCaL allocates with new, and a std::bad_alloc
 * (a big board under `ulimit -v`) thrown through the C interface ended the
 * whole process in std::terminate(), exit 134.  Each call catches what the
 * solver throws here; the solver is then unusable, so the failure sticks:
 * later calls do nothing and solve() reports it (see sat_release() too).
 */
#include <new>

#include <ccadical.h>

#include "dlx-sat-module.h"

namespace {

struct guarded {
	CCaDiCaL *s;
	bool failed;
};

guarded *of(void *s)
{
	return static_cast<guarded *>(s);
}

void *sat_init(void)
{
	guarded *g = new (std::nothrow) guarded{ nullptr, false };
	if (!g)
		return nullptr;
	try {
		g->s = ccadical_init();
	} catch (...) {
		delete g;
		return nullptr;
	}
	return g;
}

/*
 * A solver that failed is not released: its destructor freed an invalid
 * pointer after a std::bad_alloc in the middle of adding clauses (a 100x100
 * board under `ulimit -v 400000`).  Its memory stays taken until the
 * process ends; the caller goes on without the engine or stops.
 */
void sat_release(void *s)
{
	guarded *g = of(s);
	if (!g)
		return;
	if (!g->failed) {
		try {
			ccadical_release(g->s);
		} catch (...) {
		}
	}
	delete g;
}

void sat_add(void *s, int lit)
{
	guarded *g = of(s);
	if (g->failed)
		return;
	try {
		ccadical_add(g->s, lit);
	} catch (...) {
		g->failed = true;
	}
}

void sat_set_option(void *s, const char *name, int value)
{
	guarded *g = of(s);
	if (g->failed)
		return;
	try {
		ccadical_set_option(g->s, name, value);
	} catch (...) {
		g->failed = true;
	}
}

void sat_limit(void *s, const char *name, int value)
{
	guarded *g = of(s);
	if (g->failed)
		return;
	try {
		ccadical_limit(g->s, name, value);
	} catch (...) {
		g->failed = true;
	}
}

int sat_solve(void *s)
{
	guarded *g = of(s);
	if (g->failed)
		return DLX__SAT_MODULE_FAILED;
	try {
		return ccadical_solve(g->s);
	} catch (...) {
		g->failed = true;
		return DLX__SAT_MODULE_FAILED;
	}
}

int sat_val(void *s, int lit)
{
	guarded *g = of(s);
	if (g->failed)
		return 0;
	try {
		return ccadical_val(g->s, lit);
	} catch (...) {
		g->failed = true;
		return 0;
	}
}

void sat_set_terminate(void *s, void *ctx, int (*terminate)(void *ctx))
{
	guarded *g = of(s);
	if (g->failed)
		return;
	try {
		ccadical_set_terminate(g->s, ctx, terminate);
	} catch (...) {
		g->failed = true;
	}
}

} // namespace

extern "C" __attribute__((visibility("default")))
const struct dlx__sat_module dlx_sat_cadical_module = {
	DLX__SAT_MODULE_ABI,
	sat_init, sat_release, sat_add, sat_set_option, sat_limit, sat_solve, sat_val, sat_set_terminate,
};
