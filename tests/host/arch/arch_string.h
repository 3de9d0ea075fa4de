/* The kernel's string compare for host unit tests: the ARM port's, a
 * portable byte loop that decides as every CPU's does. */
#include "../../../arch/arm/include/arch_string.h"
