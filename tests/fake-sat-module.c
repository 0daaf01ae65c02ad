/*
 * A module named like the SAT engine's (dlx-cadical.so) but of another ABI,
 * for tests/test-sat-module.sh: the loader must refuse it and say so.
 */
#include <stdint.h>

#include "dlx-sat-module.h"

__attribute__((visibility("default")))
const struct dlx__sat_module dlx_sat_cadical_module = { DLX__SAT_MODULE_ABI + 1000, 0, 0, 0, 0, 0, 0, 0, 0 };
