/*
 * The module dlx-cadical.so (see dlx-sat-module.h): CaDiCaL's C interface
 * as the table dlx-sat.c loads.  Linked with CaDiCaL and libstdc++
 * statically; this table is its only exported symbol.
 */
#include <ccadical.h>

#include "dlx-sat-module.h"

static void *sat_init(void)
{
	return ccadical_init();
}

static void sat_release(void *s)
{
	ccadical_release(s);
}

static void sat_add(void *s, int lit)
{
	ccadical_add(s, lit);
}

static void sat_set_option(void *s, const char *name, int value)
{
	ccadical_set_option(s, name, value);
}

static void sat_limit(void *s, const char *name, int value)
{
	ccadical_limit(s, name, value);
}

static int sat_solve(void *s)
{
	return ccadical_solve(s);
}

static int sat_val(void *s, int lit)
{
	return ccadical_val(s, lit);
}

static void sat_set_terminate(void *s, void *ctx, int (*terminate)(void *ctx))
{
	ccadical_set_terminate(s, ctx, terminate);
}

__attribute__((visibility("default")))
const struct dlx__sat_module dlx_sat_cadical_module = {
	DLX__SAT_MODULE_ABI,
	sat_init, sat_release, sat_add, sat_set_option, sat_limit, sat_solve, sat_val, sat_set_terminate,
};
