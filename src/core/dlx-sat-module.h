/*
 * The SAT engine's solver, CaDiCaL, lives in a module of its own
 * (dlx-cadical.so, built from dlx-sat-cadical.c) that dlx-sat.c loads the
 * first time a search needs it.  Linked into the library, CaDiCaL's C++
 * (libstdc++'s start-up, libm and libgcc_s loaded) cost every run of the
 * programs about 0.2 ms before main(), a quarter of a small problem's whole
 * run; loaded on demand it costs only the runs that use it.
 *
 * The module exports one symbol, DLX__SAT_MODULE_SYMBOL: a table of
 * CaDiCaL's C interface (ccadical.h), the solver as an opaque pointer.
 * A call that fails (CaDiCaL out of memory) makes every later one do
 * nothing, and solve() says so.
 * DLX__SAT_MODULE_ABI changes with the table's layout; a module of another
 * ABI is refused.
 */
#ifndef DLX_SAT_MODULE_H
#define DLX_SAT_MODULE_H

#include <stdint.h>

#define DLX__SAT_MODULE_ABI 2
/* What solve() returns once the solver has failed (it ran out of memory): it is of no more use. */
#define DLX__SAT_MODULE_FAILED (-1)
#define DLX__SAT_MODULE_SYMBOL "dlx_sat_cadical_module"

struct dlx__sat_module {
	uint32_t abi;                          /* DLX__SAT_MODULE_ABI */
	void *(*init)(void);                   /* a new solver; NULL when out of memory */
	void (*release)(void *s);
	void (*add)(void *s, int lit);         /* a literal of the clause being added; 0 ends it */
	void (*set_option)(void *s, const char *name, int value);
	void (*limit)(void *s, const char *name, int value);
	int (*solve)(void *s);                 /* 10 satisfiable, 20 unsatisfiable, 0 stopped,
	                                          DLX__SAT_MODULE_FAILED when this or an earlier call failed */
	int (*val)(void *s, int lit);          /* > 0 when lit is true in the model */
	void (*set_terminate)(void *s, void *ctx, int (*terminate)(void *ctx));
};

/*
 * The loaded module, or NULL with why in reason (a message the caller can
 * show).  Loads it once per process (thread-safe); never unloaded.
 */
const struct dlx__sat_module *dlx__sat_module(const char **reason);

#endif
