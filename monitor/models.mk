# models.mk - host tests of the comparison models (monitor/model_*.c).
# Included by the top-level Makefile after monitor.mk, whose tools and
# device policy it uses.
#
#   make test-models-host   the Smack model against the device policy's
#                           tables, under ASan/UBSan; ends with
#                           "models-smack: N passed, N failed"
#   make test-models-sel07  the selinux07 model's decisions against the
#                           tables on every triple, and its AVC; ends with
#                           "models-selinux07: N passed, N failed"; the
#                           build SEL07_BUILD names (the 2007 split,
#                           with the C library's memset and memcpy for
#                           the target's routines, or gcc12's one file)

MODELS_HOST := $(BUILD_ROOT)/host/models
SEL07_HOST_SRCS := $(if $(filter gcc12,$(SEL07_BUILD)),monitor/model_selinux07.c,$(wildcard \
	monitor/sel07/*.c)) -Imonitor/sel07

.PHONY: test-models-host test-models-sel07 models-host-gen
models-host-gen: $(MAC_POLC) $(MAC_POLICY_BIN_TOOL)
	@mkdir -p $(MODELS_HOST)/gen
	@$(MAC_POLICY_BIN_TOOL) $(MAC_POLICY_SRC) $(MODELS_HOST)/gen/policy.bin
	@$(MAC_POLC) -o $(MODELS_HOST)/gen $(MODELS_HOST)/gen/policy.bin $(MAC_MANIFEST) >/dev/null

test-models-sel07: models-host-gen
	@$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(MODELS_HOST)/gen tests/host/model_selinux07_test.c tests/host/device_tasks.c \
		$(SEL07_HOST_SRCS) monitor/model_selinux07_lsm.c monitor/model_smack.c \
		monitor/mac.c $(MODELS_HOST)/gen/mac_policy.c -o $(MODELS_HOST)/selinux07_test
	@$(MODELS_HOST)/selinux07_test

test-models-host: models-host-gen
	@tools/gen-app-labels.py $(SMACK_APP_N) $(MODELS_HOST)/gen/smack_app_labels.h
	@$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(MODELS_HOST)/gen tests/host/model_smack_test.c tests/host/device_tasks.c monitor/mac.c \
		$(MODELS_HOST)/gen/mac_policy.c \
		-o $(MODELS_HOST)/smack_test
	@$(MODELS_HOST)/smack_test
