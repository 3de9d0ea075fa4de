/* map_names.c - prints, from tables built with a map statement, the
 * policy's names that the kernel's channel constants stand for: the
 * class of MAC_CLASS_CHANNEL and the permissions of its send and recv
 * bits, as audit lines would show them. */
#include <stdio.h>
#include "mac.h"


static const char *perm_name(unsigned int cls, mac_vec_t bit)
{
	unsigned int i = 0;

	while (bit > 1u) {
		bit >>= 1;
		i++;
	}
	return mac_perm_name[cls][i];
}

int main(void)
{
	printf("%s %s %s\n", mac_class_name[MAC_CLASS_CHANNEL],
	       perm_name(MAC_CLASS_CHANNEL, MAC_PERM_CHANNEL__SEND),
	       perm_name(MAC_CLASS_CHANNEL, MAC_PERM_CHANNEL__RECV));
	return 0;
}
