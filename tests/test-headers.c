/*
 * Compiled as C99 with -pedantic-errors (and, as test-headers.cpp, as C++):
 * the public headers must not need C11 or GNU extensions from their users.
 */
#include "dlx-ec.h"
#include "dlx.h"
#include <string.h>

int main(void)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	dlx_problem *p = dlx_problem_new(1, 0);
	size_t item = 0;
	dlx_stats st;
	int ok = p && dlx_add_option(p, &item, 1) == 0 && dlx_search(p, &sp, &st) == DLX_OK &&
		 st.solutions == 1 && strcmp(dlx_strerror(DLX_ERR_NOMEM), "out of memory") == 0;
	dlx_problem_free(p);
	return ok ? 0 : 1;
}
