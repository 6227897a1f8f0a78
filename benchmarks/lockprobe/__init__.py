"""The lock probe (`school.py --probe`): its `sitecustomize` is what the server imports."""
