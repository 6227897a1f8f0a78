"""The app probe (`school.py --app-cpu`): its `sitecustomize` is what the server imports."""
