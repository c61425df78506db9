import Persistence
print("writer")
