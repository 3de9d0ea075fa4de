"""Generated files of the build, written whole or not at all."""
import os


def write(path, text):
    """Whole or not at all: a failed run leaves no output a build takes as done."""
    tmp = f"{path}.tmp.{os.getpid()}"
    try:
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
